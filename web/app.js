// app.js -- the page: controls, the current game, and what each button asks of sudokud.
//
// Load: the "Puzzle" text box (the API's text form, or a JSON object like a solve request)
//       plus the shape options -> a Game on the board, and the puzzle in the address bar.
// Solve: POST v1/solve with the givens; the solution fills the board, stats are shown.
// Check: POST v1/validate with givens and entries (conflicts), and the givens' unique
//        solution from v1/solve (mistakes); wrong cells get aria-invalid.
// Hint:  POST v1/hint (issue 11's contract); the step's text and cells shown, pressed again
//        it is applied. Rating: POST v1/rate after each load. New puzzle: POST v1/generate
//        (issue 14's contract). Servers without these endpoints say so in words.
//
// Every message goes to the one role=status region; nothing fails silently.

import { Board } from './board.js';
import { Game, Shape, parseText, parseRegions, symbol, valueOf, cellName } from './puzzle.js';
import { ApiError, apiBase, call, features, notAvailable } from './api.js';

const $ = (id) => document.getElementById(id);
const ui = {
  status: $('status'), puzzle: $('puzzle'), box: $('box'), diagonal: $('diagonal'), regions: $('regions'),
  pencil: $('pencil'), undo: $('undo'), redo: $('redo'), pad: $('pad'), difficulty: $('difficulty'),
  rating: $('rating'), stats: $('stats'), statsNote: $('stats-note'), server: $('server'), shape: $('shape'),
};

const DEFAULT_PUZZLE = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';

let game = null;
let pencil = false;
let solution = null; // {key, values}: the givens' unique solution, for Check
let hint = null; // {step, at}: the hint shown, applied by a second press while at === history length
let busy = 0;

const board = new Board($('board'), {
  input: (i, v) => enter(i, v),
  clear: (i) => edit(game.clear(i)),
  togglePencil: () => setPencil(!pencil),
  undo: () => edit(game.undo(), 'Undone.'),
  redo: () => edit(game.redo(), 'Redone.'),
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

function edit(changed, message) {
  if (changed.length === 0) {
    if (message) say(`Nothing to ${message === 'Undone.' ? 'undo' : 'redo'}.`);
    return;
  }
  for (const i of changed) board.draw(i);
  forgetHint();
  board.clearInvalid();
  syncUrl(false);
  syncHistoryButtons();
  if (message) say(message);
  else if (game.blanks() === 0) say('Every cell is filled: press Check to see whether it is right.');
}

function enter(i, v) {
  if (game.isGiven(i)) {
    say(`${cellName(i, game.n)} is a given: it cannot change.`);
    return;
  }
  edit(pencil ? game.toggleMark(i, v) : game.setValue(i, v));
}

function setPencil(on) {
  pencil = on;
  ui.pencil.setAttribute('aria-pressed', String(on));
  say(on ? 'Pencil mode on: digits toggle pencil marks (Space to leave).' : 'Pencil mode off: digits are entered.');
}

function syncHistoryButtons() {
  ui.undo.disabled = game.done.length === 0;
  ui.redo.disabled = game.undone.length === 0;
}

function forgetHint() {
  if (hint) board.highlight();
  hint = null;
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

/**
 * Loads a puzzle: spec is {puzzle, box, diagonal, regions, entries}. Throws a sentence when the
 * puzzle cannot be read; nothing changes then.
 */
function load(spec, { push = true, note = '' } = {}) {
  const { cells, n } = cellsOfPuzzle(spec.puzzle);
  const regions = spec.regions ? parseRegions(spec.regions, n) : null;
  const shape = new Shape(n, { box: spec.box || null, diagonal: spec.diagonal, regions });
  let entries = null;
  if (spec.entries) {
    const e = parseText(spec.entries);
    if (e.n === n) entries = e.cells;
  }
  game = new Game(shape, cells, entries);
  solution = spec.solution ? { key: solutionKey(), values: cellsOfPuzzle(spec.solution).cells } : null;
  hint = null;
  board.build(game);
  syncHistoryButtons();
  syncControls();
  syncUrl(push);
  showStats(null);
  setupPad();
  const givens = cells.filter((v) => v).length;
  const shapeText = [
    `${n}x${n}`,
    regions ? 'jigsaw' : shape.box.rows !== shape.box.cols ? `${shape.box.rows}x${shape.box.cols} boxes` : '',
    shape.diagonal ? 'diagonal' : '',
  ].filter(Boolean).join(', ');
  say(`Loaded a ${shapeText} puzzle with ${givens} givens.${note}`);
  if (spec.rating) showRating(spec.rating);
  else rate();
}

function loadFromControls() {
  const text = ui.puzzle.value.trim();
  let spec;
  if (text.startsWith('{')) {
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
    } catch {
      // load() below says what is wrong with the text
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
  ui.puzzle.value = game.text();
  ui.box.value = !s.regions && (s.boxNamed || s.box.rows !== s.box.cols) ? `${s.box.rows}x${s.box.cols}` : '';
  ui.diagonal.checked = s.diagonal;
  ui.regions.value = s.regions ? s.regions.map((id) => symbol(id + 1)).join('') : '';
  ui.box.dataset.auto = ui.regions.dataset.auto = '1';
  // a shape other than the plain one is never hidden in a closed <details>
  if (ui.box.value || s.diagonal || s.regions) ui.shape.open = true;
}

// ---- the address bar ----------------------------------------------------------------------

function syncUrl(push) {
  const q = new URLSearchParams(location.search);
  const s = game.shape;
  q.set('p', game.text());
  const e = game.entriesText();
  if (/[^.]/.test(e)) q.set('e', e);
  else q.delete('e');
  if (!s.regions && (s.boxNamed || s.box.rows !== s.box.cols)) q.set('box', `${s.box.rows}x${s.box.cols}`);
  else q.delete('box');
  if (s.diagonal) q.set('diagonal', '1');
  else q.delete('diagonal');
  if (s.regions) q.set('regions', s.regions.map((id) => symbol(id + 1)).join(''));
  else q.delete('regions');
  const url = `${location.pathname}?${q}`;
  if (url === `${location.pathname}${location.search}`) return;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
}

function loadFromUrl() {
  const q = new URLSearchParams(location.search);
  const spec = {
    puzzle: q.get('p') || DEFAULT_PUZZLE,
    entries: q.get('e'),
    box: q.get('box') ? readBox(q.get('box')) : null,
    diagonal: q.get('diagonal') === '1' || q.get('diagonal') === 'true',
    regions: q.get('regions'),
  };
  try {
    load(spec, { push: false });
  } catch (e) {
    load({ puzzle: DEFAULT_PUZZLE }, { push: false });
    say(`The address holds a puzzle that cannot be loaded (${e.message}); loaded an example instead.`, 'error');
  }
}

// ---- solver, check ------------------------------------------------------------------------

function request(extra) {
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

/** The givens' solution, from the cache or v1/solve; throws a sentence when not unique. */
async function uniqueSolution() {
  const key = solutionKey();
  if (solution && solution.key === key) return solution.values;
  const { res, ms } = await timed('v1/solve', request({}));
  showStats(res, ms);
  if (res.status !== 'solved' || res.unique !== true) throw new ApiError(outcome(res));
  solution = { key, values: valuesOf(res.solution) };
  return solution.values;
}

function outcome(res) {
  switch (res.status) {
    case 'multiple': return 'This puzzle has more than one solution, so there is no single right answer to check against.';
    case 'no_solution': return 'This puzzle has no solution: its givens cannot be completed.';
    case 'limit': return `The solver stopped before finishing (its ${res.limit_reason} budget ran out).`;
    default: return res.unique === true ? 'Solved: the solution is unique.' : 'Solved, but the solver could not prove the solution unique.';
  }
}

async function solve() {
  const { res, ms } = await timed('v1/solve', request({}));
  showStats(res, ms);
  if (!res.solution) {
    say(outcome(res), 'error');
    return;
  }
  const values = valuesOf(res.solution);
  if (res.status === 'solved' && res.unique === true) solution = { key: solutionKey(), values };
  edit(game.change(values.map((v, i) => ({ i, v, marks: [] }))));
  say(res.status === 'multiple' ? 'This puzzle has more than one solution: the board shows the first one found.' : outcome(res));
}

async function check() {
  forgetHint();
  board.clearInvalid();
  const { ms, res } = await timed('v1/validate', { ...request({}), puzzle: game.text(true) });
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
  if (!ui.stats.hasChildNodes()) ui.statsNote.textContent = `Validated in ${ms.toFixed(1)} ms.`;
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
  const parts = [`${r.score}`, r.level].filter((x) => x !== undefined && x !== null && x !== '');
  let text = parts.join(', ');
  if (r.hardest_technique) text += `; hardest step: ${r.hardest_technique.replace(/_/g, ' ')}`;
  if (r.needs_search) text += '; logic alone does not finish it';
  ui.rating.textContent = text || 'no rating';
}

async function rate() {
  const f = await features();
  if (f.read && !f.rate) {
    ui.rating.textContent = 'not available on this server (its API has no /v1/rate yet).';
    return;
  }
  const want = solutionKey();
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
    const res = await call('v1/rate', request({}));
    if (want === solutionKey()) showRating(res);
  } catch (e) {
    if (want === solutionKey()) ui.rating.textContent = e.status === 404 ? 'not available on this server (/v1/rate answered 404).' : e.message;
  }
}

// ---- hint, new puzzle ---------------------------------------------------------------------

function unitCells(units) {
  return units.flatMap((u) => game.shape.unitCells(u.type, u.index));
}

async function askHint() {
  const f = await features();
  if (f.read && !f.hint) throw notAvailable('v1/hint', 'its API (/openapi.yaml) has no /v1/hint yet');
  if (hint && hint.at === game.done.length) {
    applyHint(hint.step);
    return;
  }
  board.clearInvalid();
  const body = request({ entries: game.entriesText() });
  // pencil marks are sent only when they are a full candidate grid: a cell without marks
  // would otherwise read as "no digit can go here".
  const open = game.givens.map((g, i) => !g && !game.entries[i]);
  if (open.some(Boolean) && open.every((o, i) => !o || game.marks[i].length)) body.candidates = game.marks.map((m, i) => (open[i] ? m : []));
  const res = await call('v1/hint', body);
  if (res.kind === 'mistake') {
    board.markInvalid(res.cells.map((c) => ({ i: c.row * game.n + c.col, why: 'contradicts the solution' })));
    const names = res.cells.map((c) => `r${c.row + 1}c${c.col + 1}`).join(', ');
    say(`Something on the board contradicts the solution: ${names}. Fix it before taking a hint.`, 'error');
  } else if (res.kind === 'solved') {
    say('The puzzle is solved: no hint needed.', 'success');
  } else if (res.kind === 'step' && res.step) {
    const s = res.step;
    hint = { step: s, at: game.done.length };
    board.highlight((s.cells || []).map((c) => c.row * game.n + c.col), unitCells(s.units || []));
    say(`Hint (${String(s.technique).replace(/_/g, ' ')}, ${s.score}): ${s.text} Press Hint again to apply it.`);
  } else {
    say('The server answered the hint request with something this page does not understand.', 'error');
  }
}

function applyHint(step) {
  const changes = new Map();
  for (const p of step.placements || []) changes.set(p.row * game.n + p.col, { v: p.digit, marks: [] });
  for (const e of step.eliminations || []) {
    const i = e.row * game.n + e.col;
    if (changes.has(i) || game.value(i)) continue;
    const marks = (changes.get(i) || { marks: game.marks[i] }).marks;
    changes.set(i, { marks: marks.filter((d) => d !== e.digit) });
  }
  edit(game.change([...changes].map(([i, c]) => ({ i, ...c }))));
  say(`Applied: ${step.text}`);
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
  load({ puzzle: p.puzzle, solution: p.solution, box: body.box, diagonal: body.diagonal, regions: body.regions,
    rating: { score: p.score, level: p.level } }, { note: ` New ${p.level || ui.difficulty.value} puzzle, seed ${p.seed}.` });
  board.moveTo(0);
}

// ---- the pad, for touch screens -----------------------------------------------------------

function setupPad() {
  ui.pad.replaceChildren();
  for (let d = 1; d <= game.n; d++) {
    const b = document.createElement('button');
    b.type = 'button';
    b.textContent = symbol(d);
    b.setAttribute('aria-label', `Enter ${symbol(d)}`);
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
    edit(game.clear(board.focus));
    board.moveTo(board.focus);
  });
  ui.pad.append(erase);
}

// ---- wiring -------------------------------------------------------------------------------

$('load').addEventListener('click', () => run(async () => loadFromControls()));
$('solve').addEventListener('click', () => run(solve));
$('check').addEventListener('click', () => run(check));
$('hint').addEventListener('click', () => run(askHint));
$('new').addEventListener('click', () => run(newPuzzle));
ui.pencil.addEventListener('click', () => setPencil(!pencil));
ui.undo.addEventListener('click', () => edit(game.undo(), 'Undone.'));
ui.redo.addEventListener('click', () => edit(game.redo(), 'Redone.'));
for (const field of [ui.box, ui.regions]) field.addEventListener('input', () => delete field.dataset.auto);
ui.puzzle.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) run(async () => loadFromControls());
});
window.addEventListener('popstate', () => run(async () => loadFromUrl()));

if (!apiBase().startsWith(new URL('.', location.href).href)) ui.server.textContent = `API: ${apiBase()}`;
loadFromUrl();
document.documentElement.dataset.ready = 'true';
