// app.js -- the page: controls, the current game, and what each button asks of sudokud.
//
// Load: the "Puzzle" text box (the API's text form, or a JSON object like a solve request)
//       plus the shape options -> a Game on the board, and the puzzle in the address bar.
// Solve: asks first (a dialog), then POST v1/solve; the solution fills the board, stats shown.
// Check: POST v1/validate with givens and entries (conflicts), and the givens' unique
//        solution from v1/solve (mistakes); wrong cells get aria-invalid.
// Hint:  POST v1/hint with the page's candidate grid, in three stages (hint.js).
//        Rating: POST v1/rate after each load. New puzzle: POST v1/generate. Scan a photo:
//        POST v1/scan (scan.js). Copy as, Open a file and a dropped file: POST v1/convert
//        (files.js). Servers without these endpoints say so in words.
// The game (puzzle, entries, notes, history, time, and the solution and rating once known) is
// kept in localStorage (store.js); a full and right board ends it: the timer stops and the
// status says the time and rating.
// Offline: sw.js serves the page's files, and the game plays on: digits, notes, undo, Check
// (repeats found on the board, mistakes against the kept solution), the timer, the saved game;
// what needs sudokud says so in words (api.js), and a note under the controls says what works.
// Print: the board alone under its title, rating and date (app.css).
// Variants: an f-puzzles or SudokuPad link (pasted, opened as a file, or in the address as
// ?fpuzzles= or ?load=) opens through /v1/convert (files.js) and plays on the same paths: its
// constraints drawn and said by variant.js; Solve, Check and Fill candidates from one v1/solve
// of the f-puzzles object (the solution and the true candidates, kept with the game); Check's
// repeats found on the board; a Hint reveals a cell; no rating.
//
// Every message goes to the one role=status region; nothing fails silently.

import { Board } from './board.js';
import { Game, Shape, parseText, parseRegions, symbol, valueOf, cellName } from './puzzle.js';
import { ApiError, apiBase, call, features, notAvailable, offline } from './api.js';
import { Hints } from './hint.js';
import { dailyPuzzle, fillPracticeMenu, practicePuzzle } from './practice.js';
import { Timer, clock } from './timer.js';
import { keepGame, keepSettings, keptGame, settings } from './store.js';
import { scan, scanReport } from './scan.js';
import { convertGame, openFile, openText } from './files.js';
import { solveObject, variantOverlay, variantRules } from './variant.js';

const $ = (id) => document.getElementById(id);
const ui = {
  status: $('status'), puzzle: $('puzzle'), box: $('box'), diagonal: $('diagonal'), regions: $('regions'),
  notes: $('notes'), undo: $('undo'), redo: $('redo'), pad: $('pad'), difficulty: $('difficulty'),
  rating: $('rating'), stats: $('stats'), statsNote: $('stats-note'), server: $('server'), shape: $('shape'),
  asTyped: $('as-typed'), reveal: $('reveal'), photo: $('photo'), offline: $('offline'),
  printTitle: $('print-title'), printDate: $('print-date'), technique: $('technique'),
  techniqueHelp: $('technique-help'), copyFormat: $('copy-format'), copied: $('copied'),
  copiedBox: $('copied-box'), file: $('file'),
};

const DEFAULT_PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

let game = null;
let loaded = null; // the puzzle as loaded ({puzzle, box, diagonal, regions, solution, rating}, and
// for a variant {variant: its f-puzzles object, source: its link, candidates: its true candidates}), kept
let finished = false; // solved by the player, or revealed: the clock has stopped
let notes = false;
let solution = null; // {key, values}: the givens' unique solution, for Check
let rating = null; // the last rating shown ({score, level}), for the finish message
let busy = 0;

const board = new Board($('board'), {
  input: (i, v) => enter(i, v),
  clear: (i) => typed(i, game.clear(i)),
  toggleNotes: () => setNotes(!notes),
  undo: () => edit(game.undo(), 'Undone.', 'Nothing to undo.'),
  redo: () => edit(game.redo(), 'Redone.', 'Nothing to redo.'),
});

const timer = new Timer($('timer'), () => keep());

const hints = new Hints({
  game: () => game,
  variant: () => Boolean(loaded && loaded.variant),
  board,
  say: (text, kind) => say(text, kind),
  call,
  request: (extra) => request(extra),
  solution: () => uniqueSolution(),
  change: (cells, message) => edit(game.change(cells), message),
});

function say(text, kind = 'info') {
  ui.status.textContent = text;
  ui.status.dataset.kind = kind;
}

function sayError(e) {
  say(e instanceof ApiError || e instanceof Error ? e.message : String(e), 'error');
}

/** Runs an action with the buttons marked busy; any error it throws is said in words. */
async function run(action) {
  busy++;
  document.body.setAttribute('aria-busy', 'true');
  try {
    await action();
  } catch (e) {
    sayError(e);
  } finally {
    if (--busy === 0) document.body.removeAttribute('aria-busy');
  }
}

// ---- the game on the board ----------------------------------------------------------------

/** Shows a change to the game (the cells it touched) and what follows from it; message is
 * said when something changed, nothing when nothing did. */
function edit(changed, message = '', nothing = '') {
  if (changed.length === 0) {
    if (nothing) say(nothing);
    return;
  }
  for (const i of changed) board.draw(i);
  hints.forget();
  board.clearInvalid();
  markClashes();
  board.select();
  syncUrl(false);
  syncHistoryButtons();
  syncPad();
  keep();
  if (message) say(message);
  if (game.blanks() === 0 && !finished) run(finish);
  else if (ui.asTyped.checked) run(markMistakes);
}

/** The player's own edit of cell i: a scan's doubt about it is settled. */
function typed(i, changed) {
  board.settle(i);
  edit(changed);
}

function enter(i, v) {
  if (game.isGiven(i)) {
    say(`${cellName(i, game.n)} is a given: it cannot change.`);
    return;
  }
  typed(i, notes ? game.toggleMark(i, v) : game.setValue(i, v));
}

function setNotes(on) {
  notes = on;
  ui.notes.setAttribute('aria-pressed', String(on));
  say(on ? 'Notes mode on: digits toggle notes (Space to leave).' : 'Notes mode off: digits are entered.');
}

function syncHistoryButtons() {
  ui.undo.disabled = game.done.length === 0;
  ui.redo.disabled = game.undone.length === 0;
}

/** Givens that clash are marked the moment a puzzle loads, and stay marked. */
function markClashes() {
  board.markInvalid(game.clashes(true).map((i) => ({ i, why: 'repeats another given of its row, column or box' })));
}

/** With "Mark mistakes as I type" on: entries that differ from the solution. */
async function markMistakes() {
  const g = game, version = g.version;
  const values = await uniqueSolution().catch(() => null);
  if (!values || g !== game || version !== g.version || !ui.asTyped.checked) return;
  board.markInvalid(g.entries.flatMap((v, i) => (v && v !== values[i] ? [{ i, why: 'not the right digit' }] : [])));
}

/** Notes in every open cell: the digits its peers leave, of a variant's true candidates (asked
 * of the server once, with the solution). */
async function fillCandidates() {
  if (loaded.variant && !loaded.candidates) {
    await uniqueSolution({ quiet: true }).catch((e) => {
      if (!loaded.candidates) throw e;
    });
  }
  const what = loaded.variant ? 'true candidates' : 'candidates';
  const changed = game.fillCandidates();
  edit(changed, `Filled in the ${what} of ${changed.length} cells as notes.`, 'Every open cell already has its notes.');
}

/** A full board: right (the end: time and rating), or not yet. */
async function finish() {
  const g = game;
  let right;
  try {
    const values = await uniqueSolution();
    right = g.entries.every((v, i) => g.isGiven(i) || v === values[i]);
  } catch {
    // several solutions, none, or none known offline: any full board that breaks no rule is a
    // finish (offline, of the rules of rows, columns and boxes alone; online, /v1/validate asks
    // a variant's board whether it keeps every constraint)
    const board = g.entries.map((_, i) => g.value(i));
    right = offline() ? g.conflicts().length === 0
      : loaded.variant ? (await call('v1/validate', { fpuzzles: solveObject(loaded.variant, board), check: ['solvable'] })).solvable === true
        : (await call('v1/validate', { ...request({}), puzzle: g.text(true) })).valid === true;
  }
  if (g !== game || game.blanks() !== 0 || finished) return;
  if (!right) {
    say(`Every cell is filled, but not all are right${ui.asTyped.checked ? ' (marked)' : ': press Check to see where'}.`, 'error');
    if (ui.asTyped.checked) await markMistakes();
    return;
  }
  finished = true;
  timer.stop();
  keep();
  const r = rating && rating.score !== null && rating.score !== undefined ? `rating ${rating.score}${rating.level ? ` (${rating.level})` : ''}` : 'unrated';
  say(`Solved in ${clock(timer.ms())}, ${r}. Well played!`, 'success');
}

/** The game into localStorage: what a reload takes back. */
function keep() {
  if (game && loaded) keepGame({ spec: loaded, state: game.save(), ms: timer.ms(), finished });
}

// ---- loading ------------------------------------------------------------------------------

/** Cells of a puzzle in any of the API's forms (text, rows of text, 2-D or flat numbers). */
function cellsOfPuzzle(p) {
  if (typeof p === 'string') return parseText(p);
  if (Array.isArray(p) && p.every((x) => typeof x === 'string')) return parseText(p.join(''));
  if (Array.isArray(p)) return parseText(p.flat().map((v) => symbol(v || 0)).join(''));
  throw new Error('the puzzle must be a string or an array');
}

/** Reads the box text ("3x4") into {rows, cols}, or null when empty. */
function readBox(text) {
  const t = text.trim();
  if (t === '') return null;
  const m = /^(\d+)\s*[x×*]\s*(\d+)$/i.exec(t);
  if (!m) throw new Error(`box "${t}": write rows x columns, such as 3x4`);
  return { rows: Number(m[1]), cols: Number(m[2]) };
}

/** Takes a kept state back into a fresh game, unless the link names other entries; false
 * (and the game as it was) for a state that does not fit, storage being anyone's to edit. */
function restores(next, state, entries) {
  try {
    if (entries && state.entries.join() !== next.entries.join()) return false;
    return next.restore(state);
  } catch {
    return false;
  }
}

/** What makes two loads the same puzzle: the givens, the shape and a variant's constraints. */
function puzzleKey(p) {
  return JSON.stringify([p.puzzle, p.box || null, Boolean(p.diagonal), p.regions || null, p.variant || null]);
}

/**
 * Loads a puzzle: spec is {puzzle, box, diagonal, regions, entries, marks, solution, rating}, and
 * for a variant {variant, source, candidates} (variant.js, variantSpec). Throws a
 * sentence when the puzzle cannot be read; nothing changes then. Entries that cannot be read
 * are dropped, and said so. kept, a game from localStorage, is taken back when it is this
 * puzzle (and the link names no other entries); any other load replaces it.
 */
function load(spec, { push = true, note = '', kept = null } = {}) {
  const { cells, n } = cellsOfPuzzle(spec.puzzle);
  const regions = spec.regions ? parseRegions(spec.regions, n) : null;
  const shape = new Shape(n, { box: spec.box || null, diagonal: spec.diagonal, regions });
  let entries = null, dropped = '';
  if (spec.entries) {
    try {
      const e = parseText(spec.entries);
      if (e.n !== n) throw new Error(`${e.cells.length} cells for a ${n}x${n} puzzle`);
      entries = e.cells;
    } catch (e) {
      dropped = ` The entries in the link could not be read (${e.message}), so they were dropped.`;
    }
  }
  const next = new Game(shape, cells, entries, entries && Array.isArray(spec.marks) && spec.marks.length === cells.length ? spec.marks : null);
  const key = { puzzle: next.text(), ...shape.options(), ...(spec.variant ? { variant: spec.variant } : {}) };
  const same = Boolean(kept) && puzzleKey(kept.spec) === puzzleKey(key) && restores(next, kept.state, entries);
  const known = (k) => spec[k] || (same && kept.spec[k]) || null;
  hints.forget();
  game = next;
  loaded = { ...key, solution: known('solution'), rating: known('rating') };
  if (spec.variant) Object.assign(loaded, { source: known('source'), candidates: known('candidates') });
  finished = Boolean(same && kept.finished);
  solution = loaded.solution ? { key: solutionKey(), values: cellsOfPuzzle(loaded.solution).cells } : null;
  rating = null;
  game.allow(loaded.candidates);
  board.build(game);
  if (loaded.variant) board.overlay(variantOverlay(loaded.variant, n));
  markClashes();
  timer.reset(same ? Number(kept.ms) || 0 : 0, finished);
  syncHistoryButtons();
  syncControls();
  syncUrl(push);
  showStats(null);
  setupPad();
  keep();
  const givens = cells.filter((v) => v).length;
  const shapeText = [
    `${n}x${n}`,
    regions ? 'jigsaw' : shape.box.rows !== shape.box.cols ? `${shape.box.rows}x${shape.box.cols} boxes` : '',
    shape.diagonal ? 'diagonal' : '',
  ].filter(Boolean).join(', ');
  const clashes = game.clashes(true);
  const clashText = clashes.length ? ` Its givens clash (marked): ${clashes.map((i) => cellName(i, n)).join(', ')}.` : '';
  const keptText = same ? ` Your game goes on where you left it${finished ? ' (finished)' : ''}.` : '';
  const kind = loaded.variant ? ` variant puzzle (${variantRules(loaded.variant)}) with ${givens} givens; a Hint reveals a cell`
    : ` puzzle with ${givens} givens`;
  say(`Loaded a ${shapeText}${kind}.${note}${clashText}${dropped}${keptText}`, clashes.length || dropped ? 'error' : 'info');
  if (loaded.rating) showRating(loaded.rating);
  else rate();
}

async function loadFromControls() {
  const text = ui.puzzle.value.trim();
  let spec;
  if (text.startsWith('{') && !/^\{\s*"(size|grid)"/.test(text)) {
    try {
      spec = JSON.parse(text);
    } catch (e) {
      throw new Error(`The puzzle looks like JSON but is not: ${e.message}`);
    }
    if (!spec || spec.puzzle === undefined) throw new Error('The JSON has no "puzzle" member.');
  } else {
    // Shape fields the page filled in for the previous puzzle are dropped when they do not
    // fit this one; what the player typed is always used (and a misfit said so).
    let n = 0;
    try {
      n = parseText(text).n;
    } catch (e) {
      // another program's format (an .sdk, a pencil-mark grid, a link...) is read by the server;
      // when it is not one either, load() below says what is wrong with the text
      const other = await readOtherFormat(text);
      if (other) return other;
    }
    const box = readBox(ui.box.value);
    const regions = ui.regions.value.replace(/\s/g, '');
    spec = {
      puzzle: text,
      box: box && ui.box.dataset.auto && box.rows * box.cols !== n ? null : box,
      diagonal: ui.diagonal.checked,
      regions: regions && !(ui.regions.dataset.auto && regions.length !== n * n) ? regions : null,
    };
  }
  try {
    load(spec);
  } catch (e) {
    throw new Error(`Cannot load the puzzle: ${e.message}.`);
  }
  board.moveTo(board.focus, false);
}

/** The controls show what is loaded, so Load again reloads the same puzzle. */
function syncControls() {
  const s = game.shape;
  ui.puzzle.value = loaded.variant ? loaded.source : game.text();
  ui.box.value = !s.regions && (s.boxNamed || s.box.rows !== s.box.cols) ? `${s.box.rows}x${s.box.cols}` : '';
  ui.diagonal.checked = s.diagonal;
  ui.regions.value = s.regions ? s.regions.map((id) => symbol(id + 1)).join('') : '';
  ui.box.dataset.auto = ui.regions.dataset.auto = '1';
  // a shape other than the plain one is never hidden in a closed <details>
  if (ui.box.value || s.diagonal || s.regions) ui.shape.open = true;
}

// ---- the address bar ----------------------------------------------------------------------

/** The address holds the puzzle (?p= and its shape, or a variant's ?fpuzzles= link) and the
 * player's digits (?e=). */
function syncUrl(push) {
  const q = new URLSearchParams(location.search);
  const s = game.shape, variant = Boolean(loaded.variant);
  const put = (name, on, value) => (on ? q.set(name, value) : q.delete(name));
  q.delete('load');
  put('fpuzzles', variant, loaded.source);
  put('p', !variant, game.text());
  const e = game.entriesText();
  put('e', /[^.]/.test(e), e);
  put('box', !variant && !s.regions && (s.boxNamed || s.box.rows !== s.box.cols), s.box && `${s.box.rows}x${s.box.cols}`);
  put('diagonal', !variant && s.diagonal, '1');
  put('regions', !variant && s.regions, s.regions && s.regions.map((id) => symbol(id + 1)).join(''));
  const url = `${location.pathname}?${q}`;
  if (url === `${location.pathname}${location.search}`) return;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

/** The puzzle of the address (?p=..., or a variant's ?fpuzzles= or ?load=, as f-puzzles links
 * name it), else the kept game, else an example. A variant the page does not keep is asked of
 * the server; the kept game (or the example) plays meanwhile, and stays when that fails. */
function loadFromUrl() {
  const q = new URLSearchParams(location.search);
  const kept = keptGame();
  // the address bar turns an unescaped '+' of LZ-String's base64 into a space
  const raw = (q.get('fpuzzles') || q.get('load') || '').trim();
  const link = raw.startsWith('{') ? raw : raw.replace(/ /g, '+');
  if (link && !(kept && kept.spec.source === link)) {
    load(kept ? kept.spec : { puzzle: DEFAULT_PUZZLE }, { push: false, kept });
    run(async () => {
      const opened = await openText(link);
      load({ ...opened.spec, entries: q.get('e') || opened.spec.entries }, { push: false, note: opened.note });
    });
    return;
  }
  const spec = link ? kept.spec : q.get('p') ? {
    puzzle: q.get('p'),
    entries: q.get('e'),
    box: q.get('box') ? readBox(q.get('box')) : null,
    diagonal: q.get('diagonal') === '1' || q.get('diagonal') === 'true',
    regions: q.get('regions'),
  } : kept ? kept.spec : { puzzle: DEFAULT_PUZZLE };
  try {
    load(spec, { push: false, kept });
  } catch (e) {
    load({ puzzle: DEFAULT_PUZZLE }, { push: false });
    say(`The address holds a puzzle that cannot be loaded (${e.message}); loaded an example instead.`, 'error');
  }
}

// ---- solver, check ------------------------------------------------------------------------

/** A solve request for the game's puzzle: its givens and shape, or a variant's f-puzzles object. */
function request(extra) {
  if (loaded.variant) return { fpuzzles: solveObject(loaded.variant), max_solutions: 2, ...extra };
  return { puzzle: game.text(), ...game.shape.options(), ...extra };
}

function solutionKey() {
  return JSON.stringify(request({}));
}

function valuesOf(grid) {
  return typeof grid === 'string' ? [...grid].map(valueOf) : cellsOfPuzzle(grid).cells;
}

async function timed(path, body) {
  const t0 = performance.now();
  const res = await call(path, body);
  return { res, ms: performance.now() - t0 };
}

/** The givens' solution, from the cache or v1/solve (its stats shown unless quiet); throws
 * a sentence when not unique. A solution learnt is kept with the game, for Check offline; a
 * variant's true candidates come with it (the same solve), kept for Fill candidates. */
async function uniqueSolution({ quiet = false } = {}) {
  const key = solutionKey();
  if (solution && solution.key === key) return solution.values;
  const { res, ms } = await timed('v1/solve', request(loaded.variant ? { true_candidates: true } : {}));
  if (!quiet) showStats(res, ms);
  // candidates a stopped solve gives are only those seen so far: never kept as the true ones
  if (loaded.variant && Array.isArray(res.true_candidates) && res.status !== 'limit' && key === solutionKey()) {
    loaded.candidates = res.true_candidates;
    game.allow(loaded.candidates);
  }
  if (res.status !== 'solved' || res.unique !== true) throw new ApiError(outcome(res));
  const values = valuesOf(res.solution);
  if (key !== solutionKey()) return values; // another puzzle was loaded meanwhile
  solution = { key, values };
  loaded.solution = values.map(symbol).join('');
  keep();
  return values;
}

function outcome(res) {
  switch (res.status) {
    case 'multiple': return 'This puzzle has more than one solution, so there is no single right answer to check against.';
    case 'no_solution': return 'This puzzle has no solution: its givens cannot be completed.';
    case 'limit': return `The solver stopped before finishing (its ${res.limit_reason} budget ran out).`;
    default: return res.unique === true ? 'Solved: the solution is unique.' : 'Solved, but the solver could not prove the solution unique.';
  }
}

/** The board filled with values, and the game over: the clock stops. */
function fillBoard(values) {
  finished = true;
  timer.stop();
  edit(game.change(values.map((v, i) => ({ i, v, marks: [] }))));
}

async function solve() {
  if (offline() && solution && solution.key === solutionKey()) {
    fillBoard(solution.values);
    say('Solved from the solution this page keeps (you are offline).');
    return;
  }
  const { res, ms } = await timed('v1/solve', request({}));
  showStats(res, ms);
  if (!res.solution) {
    say(outcome(res), 'error');
    return;
  }
  const values = valuesOf(res.solution);
  if (res.status === 'solved' && res.unique === true) solution = { key: solutionKey(), values };
  fillBoard(values);
  say(res.status === 'multiple' ? 'This puzzle has more than one solution: the board shows the first one found.' : outcome(res));
}

/** Solve asks first: a dialog whose Cancel (or Escape) leaves the board as it is. */
function askReveal() {
  ui.reveal.returnValue = '';
  ui.reveal.showModal();
  $('reveal-no').focus();
}

ui.reveal.addEventListener('close', () => {
  if (ui.reveal.returnValue === 'reveal') run(solve);
  else say('The solution stays hidden: the board is unchanged.');
});

async function check() {
  hints.forget();
  board.clearInvalid();
  // offline, or for a variant (whose other rules the solution checks), the repeats are found on
  // the board itself, in the form /v1/validate gives them
  const local = offline() || Boolean(loaded.variant);
  const { ms, res } = local ? { ms: 0, res: { conflicts: game.conflicts() } }
    : await timed('v1/validate', { ...request({}), puzzle: game.text(true) });
  let values = null, note = '';
  try {
    values = await uniqueSolution();
  } catch (e) {
    note = ` Mistakes not checked: ${e.message}`;
  }
  // A conflict marks its entries, but not those the solution shows right: in "two 5s in a
  // row" only the wrong 5 is marked. Givens are marked only when givens alone conflict.
  const wrong = new Map();
  const why = (i, text) => wrong.set(i, wrong.has(i) ? `${wrong.get(i)} and ${text}` : text);
  for (const c of res.conflicts) {
    const cells = c.cells.map((x) => x.row * game.n + x.col);
    const entries = cells.filter((i) => !game.isGiven(i) && !(values && values[i] === game.entries[i]));
    const blamed = entries.length ? entries : cells.filter((i) => game.isGiven(i)).length === cells.length ? cells : [];
    for (const i of blamed) {
      const others = cells.filter((j) => j !== i).map((j) => cellName(j, game.n)).join(', ');
      why(i, `conflicts with ${others} in ${c.unit} ${c.index + 1}`);
    }
  }
  if (values) {
    game.entries.forEach((v, i) => {
      if (v && v !== values[i] && !wrong.has(i)) why(i, 'not the right digit');
    });
  }
  if (!ui.stats.hasChildNodes() && !local) ui.statsNote.textContent = `Validated in ${ms.toFixed(1)} ms.`;
  const list = [...wrong].map(([i, text]) => ({ i, why: text })).sort((a, b) => a.i - b.i);
  board.markInvalid(list);
  if (list.length) {
    const names = list.map(({ i }) => cellName(i, game.n));
    say(`${list.length} ${list.length === 1 ? 'cell is' : 'cells are'} wrong: ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', ...' : ''}.${note}`, 'error');
  } else if (note) {
    say(`No conflicts.${note}`);
  } else if (game.blanks() === 0) {
    say('Solved: every cell is right.', 'success');
  } else {
    say(`No mistakes so far: ${game.blanks()} cells to go.`, 'success');
  }
}

// ---- stats and rating ---------------------------------------------------------------------

const STAT_NAMES = {
  nodes: 'Search nodes', guesses: 'Guesses', backtracks: 'Backtracks', naked_singles: 'Naked singles',
  hidden_singles: 'Hidden singles', locked_candidates: 'Locked candidates', naked_pairs: 'Naked pairs',
  max_depth: 'Deepest guess',
};

function showStats(res, ms = 0) {
  ui.stats.replaceChildren();
  if (!res) {
    ui.statsNote.textContent = 'Press Solve or Check to ask the solver.';
    return;
  }
  const rows = [['Outcome', `${res.status}${res.unique === true ? ', unique' : res.unique === false ? ', not unique' : ''}`]];
  for (const [k, name] of Object.entries(STAT_NAMES)) if (res.stats && k in res.stats) rows.push([name, String(res.stats[k])]);
  for (const k of Object.keys(res.stats || {})) if (!(k in STAT_NAMES)) rows.push([k.replace(/_/g, ' '), String(res.stats[k])]);
  const t = res.timing_us || {};
  rows.push(['Solve time', `${t.solve} µs`], ['Queue time', `${t.queue} µs`], ['Server total', `${t.total} µs`],
    ['Round trip', `${ms.toFixed(1)} ms`]);
  for (const [k, v] of rows) {
    const dt = document.createElement('dt');
    dt.textContent = k;
    const dd = document.createElement('dd');
    dd.textContent = v;
    ui.stats.append(dt, dd);
  }
  ui.statsNote.textContent = '';
}

function showRating(r) {
  rating = r;
  if (loaded) loaded.rating = r;
  if (r.unrated) {
    ui.rating.textContent = 'unrated (the server ran out of time)';
    return;
  }
  const parts = [`${r.score}`, r.level].filter((x) => x !== undefined && x !== null && x !== '');
  let text = parts.join(', ');
  if (r.hardest_technique) text += `; hardest step: ${r.hardest_technique.replace(/_/g, ' ')}`;
  if (r.needs_search) text += '; logic alone does not finish it';
  ui.rating.textContent = text || 'no rating';
}

async function rate() {
  if (loaded.variant) {
    ui.rating.textContent = 'none: the ratings know no variant constraints';
    // the solution and true candidates, kept with the game: Check and Fill work offline from now on
    await uniqueSolution({ quiet: true }).catch(() => {});
    return;
  }
  const want = solutionKey();
  const f = await features();
  if (want !== solutionKey()) return; // another puzzle was loaded meanwhile: it rates itself
  if (f.read && !f.rate) {
    ui.rating.textContent = 'not available on this server (its API has no /v1/rate yet).';
    return;
  }
  ui.rating.textContent = 'asking the server...';
  try {
    // a rating needs exactly one solution: ask /v1/validate (always 200) first
    const check = await call('v1/validate', request({ check: ['unique'] }));
    if (want !== solutionKey()) return;
    if (!check.valid || check.unique !== true) {
      ui.rating.textContent = !check.valid ? 'none: the givens break a rule.'
        : check.unique === false ? 'none: the puzzle does not have exactly one solution.'
          : 'none: the server could not tell in time whether the solution is unique.';
      return;
    }
    // the solution too, kept with the game: Check works offline from now on
    await uniqueSolution({ quiet: true }).catch(() => {});
    if (want !== solutionKey()) return;
    const res = await call('v1/rate', request({}));
    if (want === solutionKey()) showRating(res);
  } catch (e) {
    if (want === solutionKey()) {
      ui.rating.textContent = e.offline ? 'not known yet: ratings need the connection.'
        : e.status === 404 ? 'not available on this server (/v1/rate answered 404).' : e.message;
    }
  }
}

// ---- hint, new puzzle ---------------------------------------------------------------------

async function askHint() {
  const f = await features();
  if (f.read && !f.hint) throw notAvailable('v1/hint', 'its API (/openapi.yaml) has no /v1/hint yet');
  await hints.press();
}

async function newPuzzle() {
  const f = await features();
  if (f.read && !f.generate) throw notAvailable('v1/generate', 'its API (/openapi.yaml) has no /v1/generate yet');
  const s = game.shape;
  const body = { difficulty: ui.difficulty.value, count: 1, ...s.options() };
  if (!body.box && !body.regions && s.n !== 9) body.size = s.n;
  const res = await call('v1/generate', body);
  const p = res.puzzles && res.puzzles[0];
  if (!p) {
    throw new ApiError(res.status === 'limit'
      ? `The server could not make a ${body.difficulty} puzzle in its time budget: try again, or another difficulty.`
      : 'The server answered without a puzzle.');
  }
  const rated = p.score !== null && p.score !== undefined;
  // status limit: the target was not met in time; the puzzle is the closest found, or unrated
  const note = p.status === 'limit'
    ? ` No ${body.difficulty} ${s.n}x${s.n} within the time limit; here is ${rated ? `the closest found (${p.level}, seed ${p.seed})` : `an unrated one (seed ${p.seed})`}.`
    : ` New ${p.level || body.difficulty} puzzle, seed ${p.seed}.`;
  load({ puzzle: p.puzzle, solution: p.solution, box: body.box, diagonal: body.diagonal, regions: body.regions,
    rating: rated ? { score: p.score, level: p.level } : { unrated: true } }, { note });
  board.moveTo(0);
}

/** A practice puzzle of the chosen technique, opened where the technique is due. */
async function practice() {
  const f = await features();
  if (f.read && !f.generate) throw notAvailable('v1/generate', 'its API (/openapi.yaml) has no /v1/generate yet');
  const key = ui.technique.value;
  if (!key) throw new Error('Choose a technique in the Practice menu first.');
  say('Looking for a puzzle that needs it...');
  const { spec, note } = await practicePuzzle(key);
  load(spec, { note });
  board.moveTo(0);
}

async function today() {
  const f = await features();
  if (f.read && !f.daily) throw notAvailable('v1/daily', 'its API (/openapi.yaml) has no /v1/daily yet');
  const { spec, note } = await dailyPuzzle(ui.difficulty.value);
  load(spec, { note });
  board.moveTo(0);
}

// ---- the pad, for touch screens -----------------------------------------------------------

/** A button per digit ("Enter 5", with how many are left to place) and Erase. */
function setupPad() {
  ui.pad.replaceChildren();
  ui.pad.style.setProperty('--pad-cols', Math.ceil((game.n + 1) / 2));
  for (let d = 1; d <= game.n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.dataset.digit = d;
    b.setAttribute('aria-label', `Enter ${symbol(d)}`);
    b.textContent = symbol(d);
    b.addEventListener('click', () => {
      enter(board.focus, d);
      board.moveTo(board.focus);
    });
    ui.pad.append(b);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = '⌫';
  erase.setAttribute('aria-label', 'Erase');
  erase.addEventListener('click', () => {
    typed(board.focus, game.clear(board.focus));
    board.moveTo(board.focus);
  });
  ui.pad.append(erase);
  syncPad();
}

/** Each digit's count of cells still to fill; a digit placed N times is done (disabled).
 * The count is drawn by CSS (data-left), so the button's visible text stays its digit, part
 * of its name "Enter 5"; assistive technology reads the count from aria-description. */
function syncPad() {
  for (const b of ui.pad.querySelectorAll('[data-digit]')) {
    const left = Math.max(0, game.n - game.count(Number(b.dataset.digit)));
    b.dataset.left = String(left);
    b.setAttribute('aria-description', `${left} left`);
    b.disabled = left === 0;
  }
}

// ---- photo scan ---------------------------------------------------------------------------

async function scanPhoto() {
  const file = ui.photo.files[0];
  ui.photo.value = '';
  if (!file) return;
  const f = await features();
  if (f.read && !f.scan) throw notAvailable('v1/scan', 'its API (/openapi.yaml) has no /v1/scan yet');
  say(`Reading ${file.name}...`);
  const res = await scan(file);
  const report = scanReport(res);
  load({ puzzle: res.puzzle, entries: res.entries, marks: res.candidates });
  board.markUnsure(report.unsure);
  board.markInvalid(report.conflicts.map((i) => ({ i, why: 'repeats a digit of its row, column or box, as read' })));
  say(report.text, report.kind);
}

// ---- file formats -------------------------------------------------------------------------

/** The game in the chosen format, onto the clipboard; when the browser refuses it, into a
 * read-only box, selected, for the player to copy. */
async function copyAs() {
  const f = await features();
  if (f.read && !f.convert) throw notAvailable('v1/convert', 'its API (/openapi.yaml) has no /v1/convert yet');
  const name = ui.copyFormat.selectedOptions[0].textContent;
  const text = await convertGame(game, ui.copyFormat.value);
  const s = game.shape;
  const lost = [loaded.variant ? 'variant constraints' : '', s.regions ? 'jigsaw regions' : '', s.diagonal ? 'diagonals' : '']
    .filter(Boolean).join(' and ');
  const note = lost ? ` The format holds no ${lost}.` : '';
  try {
    await navigator.clipboard.writeText(text);
    ui.copiedBox.hidden = true;
    say(`Copied as ${name} to the clipboard.${note}`, 'success');
  } catch {
    ui.copied.value = text;
    ui.copiedBox.hidden = false;
    ui.copied.focus();
    ui.copied.select();
    say(`The browser did not let the page use the clipboard: the ${name} is in "Text to copy", selected, to copy yourself.${note}`);
  }
}

/** Loads a Puzzle box text that the page's own reader refused through /v1/convert when it may
 * be another program's format; returns true when it did, false to let the page's reader say
 * what is wrong, and throws the server's reason when the server cannot read it either. */
async function readOtherFormat(text) {
  // only a text that could be another format goes: one with a character the text form never
  // uses (a link's ':/?=', .sdk's '#', .ss's '*', HoDoKu's ':'), f-puzzles' LZ-String data
  // alone (N4Ig, the packed '{"'), or a grid of 81 or more spaced tokens (a pencil-mark grid);
  // anything else is the page's own reader's to refuse
  const maybe = /[^0-9A-Za-z._\s|+-]/.test(text) || /^N4Ig/.test(text) || text.split(/\s+/).filter(Boolean).length >= 81;
  if (!maybe) return false;
  const f = await features();
  if (!f.convert || offline()) return false;
  // the server's reason is the one to give: the text is not the page's form either
  const opened = await openText(text);
  load(opened.spec, { note: opened.note });
  board.moveTo(0);
  return true;
}

/** A puzzle file, picked or dropped, onto the board. */
async function openPuzzleFile(file, how) {
  const f = await features();
  if (f.read && !f.convert) throw notAvailable('v1/convert', 'its API (/openapi.yaml) has no /v1/convert yet');
  say(`Reading ${how} file ${file.name}...`);
  const { spec, note } = await openFile(file);
  load(spec, { note });
  board.moveTo(0);
}

async function openPicked() {
  const file = ui.file.files[0];
  ui.file.value = '';
  if (file) await openPuzzleFile(file, 'the');
}

/** Files dragged over the page may be dropped anywhere on it (not only on the Puzzle box). */
function dragging(e) {
  if (!e.dataTransfer || ![...e.dataTransfer.types].includes('Files')) return;
  e.preventDefault();
  e.dataTransfer.dropEffect = 'copy';
}

function dropped(e) {
  if (!e.dataTransfer || ![...e.dataTransfer.types].includes('Files')) return;
  e.preventDefault();
  const file = e.dataTransfer.files[0];
  if (!file) say('Nothing to open: drop a puzzle file (.sdk, .sdm, .ss, .txt).', 'error');
  else run(() => openPuzzleFile(file, 'the dropped'));
}

// ---- print, offline ------------------------------------------------------------------------

/** The title and date printed over the board (app.css shows them only on paper). */
function preparePrint() {
  const s = game.shape;
  const kind = loaded.variant ? `variant: ${variantRules(loaded.variant)}`
    : [s.regions ? 'jigsaw' : '', s.diagonal ? 'diagonal' : ''].filter(Boolean).join(', ');
  ui.printTitle.textContent = `Sudoku ${s.n}x${s.n}${kind ? `, ${kind}` : ''}`;
  ui.printDate.textContent = new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });
}

function showConnection() {
  ui.offline.hidden = !offline();
}

// ---- wiring -------------------------------------------------------------------------------

$('load').addEventListener('click', () => run(async () => loadFromControls()));
$('solve').addEventListener('click', askReveal);
$('reveal-yes').addEventListener('click', () => ui.reveal.close('reveal'));
$('reveal-no').addEventListener('click', () => ui.reveal.close('cancel'));
$('check').addEventListener('click', () => run(check));
$('hint').addEventListener('click', () => run(askHint));
$('new').addEventListener('click', () => run(newPuzzle));
$('print').addEventListener('click', () => {
  preparePrint();
  window.print();
});
window.addEventListener('beforeprint', preparePrint);
window.addEventListener('online', () => {
  showConnection();
  if (loaded && !loaded.rating) rate(); // what could not be asked offline
});
window.addEventListener('offline', showConnection);
$('daily').addEventListener('click', () => run(today));
$('practice').addEventListener('click', () => run(practice));
ui.technique.addEventListener('change', () => {
  ui.techniqueHelp.textContent = ui.technique.selectedOptions[0]?.dataset.description || '';
});
fillPracticeMenu(ui.technique);
$('fill').addEventListener('click', () => run(fillCandidates));
ui.notes.addEventListener('click', () => setNotes(!notes));
ui.undo.addEventListener('click', () => edit(game.undo(), 'Undone.', 'Nothing to undo.'));
ui.redo.addEventListener('click', () => edit(game.redo(), 'Redone.', 'Nothing to redo.'));
ui.photo.addEventListener('change', () => run(scanPhoto));
$('copy').addEventListener('click', () => run(copyAs));
ui.file.addEventListener('change', () => run(openPicked));
document.addEventListener('dragover', dragging);
document.addEventListener('drop', dropped);
ui.asTyped.checked = Boolean(settings().asTyped);
ui.asTyped.addEventListener('change', () => {
  keepSettings({ ...settings(), asTyped: ui.asTyped.checked });
  if (ui.asTyped.checked) run(markMistakes);
  else {
    board.clearInvalid();
    markClashes();
  }
});
for (const field of [ui.box, ui.regions]) field.addEventListener('input', () => delete field.dataset.auto);
ui.puzzle.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(async () => loadFromControls());
});
window.addEventListener('popstate', () => run(async () => loadFromUrl()));
window.addEventListener('pagehide', keep);

if (!apiBase().startsWith(new URL('.', location.href).href)) ui.server.textContent = `API: ${apiBase()}`;
loadFromUrl();
showConnection();
// After the load, so the worker's copying never competes with the page's own requests; a
// browser without service workers (or a page not served over HTTPS or from localhost) plays
// online only, as before.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => navigator.serviceWorker.register('sw.js').catch(() => {}));
}
document.documentElement.dataset.ready = 'true';
