// puzzle.js -- the puzzle as data: reading the text form, the shape (box, diagonal, jigsaw
// regions), and the player's state (entries, pencil marks) with undo and redo.
//
// No DOM here: board.js draws what this module holds, app.js talks to the API. Cells are
// numbered 0..N*N-1 row-major, as the API's JSON numbers rows and columns from 0; sentences
// for people say r1c1, from 1, as the API's own `detail` texts do.
//
// A value is 0 for a blank or 1..N. The text form spells 1-9 then A-Z (10-35), so it reaches
// N = 35; that is also how this page shows a value, and which keys enter it.

/** The symbol of value v in the API's text form ('.' for 0). */
export function symbol(v) {
  if (v <= 0) return '.';
  if (v <= 9) return String(v);
  return String.fromCharCode(55 + v); // 10 -> 'A'
}

/** The value a key or character stands for (1..35), or 0 for none. */
export function valueOf(ch) {
  if (ch.length !== 1) return 0;
  const c = ch.toUpperCase();
  if (c >= '1' && c <= '9') return c.charCodeAt(0) - 48;
  if (c >= 'A' && c <= 'Z') return c.charCodeAt(0) - 55;
  return 0;
}

/**
 * A server sentence with digits written as the board shows them: on a grid larger than 9x9,
 * "r1c2 = 14" becomes "r1c2 = E". Cell names (r12c14) and unit numbers ("row 12",
 * "columns 3, 12 and 14") stay numbers; sentences already in symbols pass unchanged.
 */
export function symbolText(text, n) {
  if (n <= 9) return text;
  const unit = /^(row|column|box|region|diagonal)$/i, units = /^(rows|columns|boxes|regions|diagonals)$/i;
  const toks = text.match(/[A-Za-z]+\d+[A-Za-z]*\d*|[A-Za-z]+|\d+|[^A-Za-z\d]+/g) || [];
  let inUnits = false, list = false;
  return toks.map((tok, k) => {
    if (/^\d+$/.test(tok)) {
      // a unit list goes on only while what follows a number is a comma, "and", or the end
      const next = `${toks[k + 1] || ''}${toks[k + 2] || ''}`;
      const index = inUnits && (!list || k + 1 >= toks.length || /^(,|\s+and\b|[^\sA-Za-z\d])/.test(next));
      inUnits = index && list;
      return index || Number(tok) > n ? tok : symbol(Number(tok));
    }
    if (/^[A-Za-z]/.test(tok)) {
      if (unit.test(tok) || units.test(tok)) list = units.test(tok);
      inUnits = unit.test(tok) || units.test(tok) || (inUnits && tok === 'and');
    }
    else if (!/^[\s,]+$/.test(tok)) inUnits = false;
    return tok;
  }).join('');
}

/** "r1c1" for cell i of an N x N grid. */
export function cellName(i, n) {
  return `r${Math.floor(i / n) + 1}c${(i % n) + 1}`;
}

/** The box the API assumes for N when none is named: square, else the most nearly square R x C
 * with R < C (6 -> 2x3, 12 -> 3x4). Null when N is prime (no box fits). */
export function defaultBox(n) {
  let best = null;
  for (let r = 2; r * r <= n; r++) if (n % r === 0) best = { rows: r, cols: n / r };
  return best;
}

/**
 * Reads the API's text form: 1-9, A-Z (either case), blanks '.', '0', '_'; whitespace and
 * '|', '+', '-' ignored. Returns {cells, n}; throws an Error whose message is a sentence.
 */
export function parseText(text) {
  const cells = [];
  for (const ch of text) {
    if (/\s/.test(ch) || ch === '|' || ch === '+' || ch === '-') continue;
    if (ch === '.' || ch === '0' || ch === '_') {
      cells.push(0);
      continue;
    }
    const v = valueOf(ch);
    if (v === 0) throw new Error(`"${ch}" is not a Sudoku symbol (use 1-9, A-Z, and . for a blank)`);
    cells.push(v);
  }
  const n = Math.round(Math.sqrt(cells.length));
  if (cells.length === 0) throw new Error('the puzzle is empty: paste 81 symbols for a 9x9');
  if (n * n !== cells.length || n < 4)
    throw new Error(`${cells.length} cells is not a square grid of 4x4 or more (a 9x9 has 81)`);
  cells.forEach((v, i) => {
    if (v > n) throw new Error(`${cellName(i, n)}: ${symbol(v)} is too large for a ${n}x${n} grid`);
  });
  return { cells, n };
}

/** Region ids 0..N-1 from a labels string (distinct labels in order of first appearance,
 * whitespace ignored) or an array of ids; throws a sentence when it is not N regions of N. */
export function parseRegions(spec, n) {
  let ids;
  if (Array.isArray(spec)) {
    ids = spec.flat().map(Number);
  } else {
    const seen = new Map();
    ids = [];
    for (const ch of String(spec)) {
      if (/\s/.test(ch)) continue;
      if (!seen.has(ch)) seen.set(ch, seen.size);
      ids.push(seen.get(ch));
    }
  }
  if (ids.length !== n * n) throw new Error(`regions: ${ids.length} labels, expected ${n * n}`);
  const count = new Array(n).fill(0);
  for (const id of ids) {
    if (!(id >= 0 && id < n)) throw new Error(`regions: more than ${n} distinct labels`);
    count[id]++;
  }
  if (count.some((c) => c !== n)) throw new Error(`regions: each of the ${n} regions needs ${n} cells`);
  return ids;
}

/**
 * The shape of a puzzle: size, box, diagonal, regions (null or N*N ids), and the units the
 * rules apply to, each a list of cell indexes, named as the API names them in conflicts.
 */
export class Shape {
  constructor(n, { box = null, diagonal = false, regions = null } = {}) {
    this.n = n;
    this.box = box || defaultBox(n);
    if (!this.box && !regions) throw new Error(`${n}x${n} has no box shape (${n} is prime): give regions`);
    if (this.box && this.box.rows * this.box.cols !== n)
      throw new Error(`a ${this.box.rows}x${this.box.cols} box does not tile a ${n}x${n} grid`);
    this.boxNamed = Boolean(box);
    this.diagonal = Boolean(diagonal);
    this.regions = regions;
    // region id of each cell: the jigsaw's, else the box's
    this.region = new Array(n * n);
    for (let i = 0; i < n * n; i++) {
      const r = Math.floor(i / n), c = i % n;
      this.region[i] = regions ? regions[i]
        : Math.floor(r / this.box.rows) * (n / this.box.cols) + Math.floor(c / this.box.cols);
    }
  }

  /** Cells of one unit as the API names it: row, column, box, region, diagonal. */
  unitCells(type, index) {
    const n = this.n, out = [];
    for (let k = 0; k < n; k++) {
      if (type === 'row') out.push(index * n + k);
      else if (type === 'column') out.push(k * n + index);
      else if (type === 'diagonal') out.push(index === 0 ? k * n + k : k * n + (n - 1 - k));
    }
    if (type === 'box' || type === 'region')
      for (let i = 0; i < n * n; i++) if (this.region[i] === index) out.push(i);
    return out;
  }

  /** The cells that share a unit with cell i (row, column, box or region, diagonals), not i. */
  peers(i) {
    if (!this.peerCache) this.peerCache = new Array(this.n * this.n);
    if (!this.peerCache[i]) {
      const n = this.n, r = Math.floor(i / n), c = i % n, set = new Set();
      for (let k = 0; k < n; k++) set.add(r * n + k).add(k * n + c);
      for (let j = 0; j < n * n; j++) if (this.region[j] === this.region[i]) set.add(j);
      if (this.onDiagonal(i)) {
        if (r === c) for (let k = 0; k < n; k++) set.add(k * n + k);
        if (r + c === n - 1) for (let k = 0; k < n; k++) set.add(k * n + (n - 1 - k));
      }
      set.delete(i);
      this.peerCache[i] = [...set];
    }
    return this.peerCache[i];
  }

  onDiagonal(i) {
    const r = Math.floor(i / this.n), c = i % this.n;
    return this.diagonal && (r === c || r + c === this.n - 1);
  }

  /** The shape options of an API request body. */
  options() {
    const o = {};
    if (this.regions) o.regions = this.regions;
    else if (this.boxNamed || this.box.rows !== this.box.cols) o.box = { rows: this.box.rows, cols: this.box.cols };
    if (this.diagonal) o.diagonal = true;
    return o;
  }
}

/**
 * A game: the givens, the player's entries and pencil marks, and the history of changes.
 * Every change is a list of per-cell {i, before, after} records, so undo and redo replay it
 * exactly; a record's state is {v, marks} (marks: a sorted array of values). `version` counts
 * every change, undo and redo, so a hint knows whether the board moved under it.
 *
 * Candidates: a cell's notes when the player wrote some (they override), else every digit
 * no peer holds (of those allow() left it: a variant's true candidates); either way less the
 * digits its peers hold. That full grid is what /v1/hint
 * gets, so a step that only removes candidates is applied by writing notes, and the next
 * hint starts from there.
 */
export class Game {
  /** marks: the notes to start with (a list of digits per cell; a practice puzzle's candidates). */
  constructor(shape, givens, entries = null, marks = null) {
    this.shape = shape;
    this.n = shape.n;
    this.givens = givens.slice();
    this.entries = entries ? entries.map((v, i) => (givens[i] ? 0 : v)) : new Array(givens.length).fill(0);
    this.marks = givens.map((g, i) => (!g && !this.entries[i] && marks && Array.isArray(marks[i]) ? marks[i].slice() : []));
    this.done = [];
    this.undone = [];
    this.version = 0;
    this.allowed = null;
  }

  /** Limits each cell's candidates to allowed[i], a list of digits (a variant's true candidates,
   * which the rows, columns and boxes alone do not give); null lifts the limit. */
  allow(allowed) {
    this.allowed = Array.isArray(allowed) && allowed.length === this.givens.length ? allowed : null;
  }

  isGiven(i) {
    return this.givens[i] !== 0;
  }

  /** The digit shown in cell i, given or entered; 0 when blank. */
  value(i) {
    return this.givens[i] || this.entries[i];
  }

  state(i) {
    return { v: this.entries[i], marks: this.marks[i].slice() };
  }

  /** Applies a set of per-cell changes as one undoable step; returns the cells changed. */
  change(cells) {
    const records = [];
    for (const { i, v, marks } of cells) {
      if (this.isGiven(i)) continue;
      const before = this.state(i);
      const after = { v: v === undefined ? before.v : v, marks: marks === undefined ? before.marks : marks.slice().sort((a, b) => a - b) };
      if (after.v === before.v && after.marks.join() === before.marks.join()) continue;
      records.push({ i, before, after });
    }
    if (records.length === 0) return [];
    this.apply(records, 'after');
    this.done.push(records);
    this.undone = [];
    return records.map((r) => r.i);
  }

  apply(records, which) {
    this.version++;
    for (const rec of records) {
      this.entries[rec.i] = rec[which].v;
      this.marks[rec.i] = rec[which].marks.slice();
    }
  }

  /** Undo / redo the last step; each returns the cells changed (empty when nothing to do). */
  undo() {
    const records = this.done.pop();
    if (!records) return [];
    this.apply(records, 'before');
    this.undone.push(records);
    return records.map((r) => r.i);
  }

  redo() {
    const records = this.undone.pop();
    if (!records) return [];
    this.apply(records, 'after');
    this.done.push(records);
    return records.map((r) => r.i);
  }

  /** The changes that place digits: each cell's digit, and that digit struck from its peers'
   * notes (as the popular sites do), for one change(). placements: [{i, v}]. */
  placing(placements) {
    const out = new Map(placements.map(({ i, v }) => [i, { i, v, marks: [] }]));
    for (const { i, v } of placements) {
      if (!v) continue;
      for (const j of this.shape.peers(i)) {
        if (out.has(j) || !this.marks[j].includes(v)) continue;
        out.set(j, { i: j, marks: this.marks[j].filter((d) => d !== v) });
      }
    }
    return [...out.values()];
  }

  setValue(i, v) {
    if (!v) return this.change([{ i, v: 0 }]);
    return this.change(this.placing([{ i, v }]));
  }

  toggleMark(i, v) {
    if (this.entries[i]) return [];
    const m = this.marks[i];
    return this.change([{ i, marks: m.includes(v) ? m.filter((x) => x !== v) : m.concat(v) }]);
  }

  /** Clears an entry, or the pencil marks when there is no entry. */
  clear(i) {
    return this.change([{ i, v: 0, marks: this.entries[i] ? undefined : [] }]);
  }

  /** The candidates of an open cell (see the class comment); [] for a filled one. */
  candidates(i) {
    if (this.value(i)) return [];
    const seen = new Set(this.shape.peers(i).map((j) => this.value(j)));
    const from = this.marks[i].length ? this.marks[i]
      : this.allowed ? this.allowed[i] : Array.from({ length: this.n }, (_, k) => k + 1);
    return from.filter((d) => !seen.has(d));
  }

  /** Notes in every open cell, from candidates(): one undoable change. */
  fillCandidates() {
    const cells = [];
    for (let i = 0; i < this.givens.length; i++) if (!this.value(i)) cells.push({ i, marks: this.candidates(i) });
    return this.change(cells);
  }

  /** How many cells hold digit d, given or entered. */
  count(d) {
    let k = 0;
    for (let i = 0; i < this.givens.length; i++) if (this.value(i) === d) k++;
    return k;
  }

  /** Cells whose digit another cell of one of its units repeats (givens or entries). */
  clashes(givensOnly = false) {
    const out = [];
    for (let i = 0; i < this.givens.length; i++) {
      const v = givensOnly ? this.givens[i] : this.value(i);
      if (v && this.shape.peers(i).some((j) => (givensOnly ? this.givens[j] : this.value(j)) === v)) out.push(i);
    }
    return out;
  }

  /** The repeats on the board (givens and entries) as /v1/validate lists them: one
   * {unit, index, symbol, cells: [{row, col}]} per unit and repeated digit; the page's own
   * Check when it has no connection. */
  conflicts() {
    const s = this.shape, n = this.n, out = [];
    const units = [['row', n], ['column', n], [s.regions ? 'region' : 'box', n], ['diagonal', s.diagonal ? 2 : 0]];
    for (const [unit, count] of units) {
      for (let index = 0; index < count; index++) {
        const cells = s.unitCells(unit, index);
        for (let v = 1; v <= n; v++) {
          const at = cells.filter((i) => this.value(i) === v);
          if (at.length > 1) out.push({ unit, index, symbol: symbol(v), cells: at.map((i) => ({ row: Math.floor(i / n), col: i % n })) });
        }
      }
    }
    return out;
  }

  /** The givens in the text form; the grid with entries when withEntries. */
  text(withEntries = false) {
    return this.givens.map((g, i) => symbol(withEntries ? g || this.entries[i] : g)).join('');
  }

  entriesText() {
    return this.entries.map(symbol).join('');
  }

  blanks() {
    return this.givens.reduce((k, g, i) => k + (g === 0 && this.entries[i] === 0 ? 1 : 0), 0);
  }

  /** The player's state and history as plain data, for localStorage. */
  save() {
    return { entries: this.entries, marks: this.marks, done: this.done, undone: this.undone };
  }

  /** Takes back what save() gave, when it fits this puzzle; false (nothing changed) when not. */
  restore(saved) {
    const size = this.givens.length;
    const fits = (a) => Array.isArray(a) && a.length === size;
    if (!saved || !fits(saved.entries) || !fits(saved.marks) || !Array.isArray(saved.done) || !Array.isArray(saved.undone)) return false;
    const entries = saved.entries.map((v, i) => (this.givens[i] ? 0 : v));
    const marks = saved.marks.map((m) => m.slice()); // throws on what is not a list: nothing changed
    this.entries = entries;
    this.marks = marks;
    this.done = saved.done;
    this.undone = saved.undone;
    this.version++;
    return true;
  }
}
