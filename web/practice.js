// practice.js -- the Practice menu (a puzzle that needs one chosen technique, opened where it
// is due) and Today's puzzle.
//
// The menu is built from GET /v1/info's "techniques": the server's ladder is the one list of
// techniques and their one-line descriptions (solver/technique.h), so the page never offers
// one the server does not know, and a new rung shows up without a change here. A practice
// puzzle comes from /v1/generate with start=technique: its entries and candidates are the
// state of the rating's path just before the technique's first step, loaded as the player's
// digits and notes, so the first Hint names the technique.

import { call } from './api.js';
import { techniqueTitle } from './hint.js';

/** Fills the select with one option per technique: its name and description. A server
 * without the list leaves the menu with its placeholder alone. */
export async function fillPracticeMenu(select) {
  let info;
  try {
    info = await call('v1/info');
  } catch {
    return;
  }
  for (const t of info.techniques || []) {
    const option = document.createElement('option');
    option.value = t.key;
    option.dataset.description = `${techniqueTitle(t.key)}: ${t.description}.`;
    option.textContent = `${techniqueTitle(t.key)} (${t.score}): ${t.description}`;
    select.append(option);
  }
}

/** A load() spec and note for a practice puzzle of technique `key`. */
export async function practicePuzzle(key) {
  const res = await call('v1/generate', { technique: key, start: 'technique', count: 1 });
  const p = res.puzzles && res.puzzles[0];
  const name = techniqueTitle(key);
  if (!p || p.status !== 'ok') {
    const tried = p ? ` (${p.tries} tries in ${p.elapsed_ms} ms)` : '';
    throw new Error(`The server found no puzzle that needs ${name} in its time budget${tried}: it is rare; try again or another technique.`);
  }
  return {
    spec: { puzzle: p.puzzle, solution: p.solution, entries: p.entries, marks: p.candidates, rating: { score: p.score, level: p.level } },
    note: ` Practice: ${name}, seed ${p.seed}. It opens where ${name} is due, with the candidates as your notes: press Hint to see it.`,
  };
}

/** A load() spec and note for today's puzzle (UTC) at `difficulty`. */
export async function dailyPuzzle(difficulty) {
  const p = await call(`v1/daily?difficulty=${encodeURIComponent(difficulty)}`);
  if (!p.puzzle) throw new Error('The server answered without a puzzle for today.');
  return {
    spec: { puzzle: p.puzzle, solution: p.solution, rating: { score: p.score, level: p.level } },
    note: ` Today's ${p.difficulty} puzzle, ${p.date}: the same for everyone today.`,
  };
}
