// board.js -- the board on screen, following the WAI-ARIA grid pattern.
//
//   <div role="grid" aria-label="Sudoku board">      one tab stop for the whole board
//     <div role="row">                               one per grid row (a flex row)
//       <div role="gridcell" aria-label="row 1 column 1" tabindex="0|-1"
//            aria-readonly="true" (givens) aria-invalid="true" (wrong) aria-description="...">
//
// Classes the CSS colours: given/entry, peer (the selected cell's row, column and box),
// same (the selected cell's digit), hint-unit/hint-cell (a hint's units and cells), unsure
// (a photo scan's doubt), gone (a candidate a hint removes).
//
// Focus is "roving": the focused cell alone has tabindex 0, arrow keys move it (Home/End to
// the row's ends, Ctrl+Home/End to the board's corners). A cell's name is its place; what it
// holds is its text and its description ("5, given", "pencil marks 1 3 7", "empty").
//
// Borders come from the shape: a thick line wherever two neighbours are in different boxes
// (or jigsaw regions), so any R x C box and any jigsaw layout draws itself. Jigsaw regions are
// also tinted, diagonal cells shaded. A variant's constraints are laid over the cells as one
// aria-hidden SVG (variant.js draws it), with their words at the end of each cell's description.
// The board only draws and reports keys: what a key does to the game is app.js's business,
// through the callbacks given to the constructor.

import { symbol, valueOf } from './puzzle.js';

export class Board {
  /**
   * root: the role=grid element. on: {input(i, v), clear(i), toggleNotes(), undo(), redo()}.
   */
  constructor(root, on) {
    this.root = root;
    this.on = on;
    this.cells = [];
    this.focus = 0;
    this.invalid = new Map(); // cell -> why it is wrong
    this.unsure = new Set(); // cells a photo scan read with low confidence
    this.strikes = new Map(); // cell -> candidates a shown hint removes
    this.about = new Map(); // cell -> phrases on its constraints (a variant's)
    root.addEventListener('keydown', (e) => this.key(e));
    root.addEventListener('click', (e) => {
      const cell = e.target.closest('[role=gridcell]');
      if (cell) this.moveTo(Number(cell.dataset.i));
    });
  }

  /** Builds the cells for a game's shape; keeps focus on the same place when it still exists. */
  build(game) {
    const { n, shape } = game;
    this.game = game;
    this.root.replaceChildren();
    this.root.style.setProperty('--n', n);
    this.root.classList.toggle('jigsaw', Boolean(shape.regions));
    this.root.dataset.size = n;
    this.cells = [];
    this.invalid = new Map();
    this.unsure = new Set();
    this.strikes = new Map();
    this.about = new Map();
    this.root.style.setProperty('--m', 0);
    const tints = shape.regions ? colourRegions(shape) : null;
    if (this.focus >= n * n) this.focus = 0;
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < n; c++) {
        const i = r * n + c;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('aria-label', `row ${r + 1} column ${c + 1}`);
        cell.dataset.i = i;
        cell.tabIndex = i === this.focus ? 0 : -1;
        const reg = shape.region;
        if (c + 1 < n && reg[i] !== reg[i + 1]) cell.classList.add('edge-right');
        if (r + 1 < n && reg[i] !== reg[i + n]) cell.classList.add('edge-bottom');
        if (shape.onDiagonal(i)) cell.classList.add('diag');
        if (tints) cell.classList.add(`tint${tints[reg[i]]}`);
        row.append(cell);
        this.cells.push(cell);
      }
      this.root.append(row);
    }
    this.drawAll();
  }

  /**
   * Lays a drawing over the cells: svg (aria-hidden, in cell units) and margin, the cells of room
   * it takes around the grid for clues outside it; about, a Map cell -> phrases that end the
   * cells' descriptions ("in a cage of 3 cells summing to 17"); corners, cells whose top left
   * corner holds a clue, so their notes keep clear of it. build() takes it away.
   */
  overlay({ svg, margin = 0, about = new Map(), corners = [] }) {
    this.root.style.setProperty('--m', margin);
    this.root.append(svg);
    for (const i of corners) this.cells[i].classList.add('corner-clue');
    this.about = about;
    this.drawAll();
  }

  drawAll() {
    for (let i = 0; i < this.cells.length; i++) this.draw(i);
    this.select();
  }

  /**
   * Redraws one cell from the game: given, entry (solver-filled or the player's), or notes;
   * then what the page lays over it: a hint's struck candidates, a wrong mark, a scan's doubt.
   */
  draw(i) {
    const g = this.game, cell = this.cells[i];
    const given = g.isGiven(i), v = g.value(i);
    const strike = v ? null : this.strikes.get(i);
    cell.classList.toggle('given', given);
    cell.classList.toggle('entry', !given && v !== 0);
    if (given) cell.setAttribute('aria-readonly', 'true');
    else cell.removeAttribute('aria-readonly');
    let description;
    if (v) {
      cell.textContent = symbol(v);
      description = given ? `${symbol(v)}, given` : symbol(v);
    } else if (g.marks[i].length || strike) {
      const shown = strike ? g.candidates(i) : g.marks[i];
      const grid = document.createElement('span');
      grid.className = 'marks';
      const box = g.shape.box || { rows: Math.ceil(Math.sqrt(g.n)), cols: Math.ceil(Math.sqrt(g.n)) };
      grid.style.setProperty('--mc', box.cols);
      grid.style.setProperty('--mr', box.rows);
      for (let d = 1; d <= g.n; d++) {
        const m = document.createElement('span');
        m.textContent = shown.includes(d) ? symbol(d) : '';
        if (strike && strike.includes(d)) m.className = 'gone';
        grid.append(m);
      }
      cell.replaceChildren(grid);
      description = `pencil marks ${shown.map(symbol).join(' ')}`;
      if (strike) description += `, the hint removes ${strike.map(symbol).join(' ')}`;
    } else {
      cell.textContent = '';
      description = 'empty';
    }
    const why = this.invalid.get(i);
    if (why === undefined) {
      cell.removeAttribute('aria-invalid');
    } else {
      cell.setAttribute('aria-invalid', 'true');
      description += `, ${why}`;
    }
    cell.classList.toggle('unsure', this.unsure.has(i));
    if (this.unsure.has(i)) description += ', check this cell';
    if (this.about.has(i)) description += `; ${this.about.get(i).join('; ')}`;
    cell.setAttribute('aria-description', description);
  }

  /** Marks cells wrong (aria-invalid) with the reason in their description. */
  markInvalid(list) {
    for (const { i, why } of list) {
      this.invalid.set(i, this.invalid.has(i) ? `${this.invalid.get(i)} and ${why}` : why);
      this.draw(i);
    }
  }

  clearInvalid() {
    const was = [...this.invalid.keys()];
    this.invalid.clear();
    for (const i of was) this.draw(i);
  }

  /** Outlines cells a photo scan was not sure of ("check this cell"); an empty call clears. */
  markUnsure(cells = []) {
    const was = [...this.unsure];
    this.unsure = new Set(cells);
    for (const i of new Set([...was, ...cells])) this.draw(i);
  }

  /** The player looked at a cell (edited it): a scan's doubt about it is settled. */
  settle(i) {
    if (this.unsure.delete(i)) this.draw(i);
  }

  /**
   * Shows a hint: units lightly, cells strongly, and candidates it removes struck out
   * (strikes: Map cell -> digits). An empty call removes it.
   */
  highlight(cells = [], units = [], strikes = new Map()) {
    for (const cell of this.cells) cell.classList.remove('hint-cell', 'hint-unit');
    for (const i of units) this.cells[i].classList.add('hint-unit');
    for (const i of cells) this.cells[i].classList.add('hint-cell');
    const was = [...this.strikes.keys()];
    this.strikes = strikes;
    for (const i of new Set([...was, ...strikes.keys()])) this.draw(i);
  }

  /** Shades the selected cell's row, column and box (peer) and the cells holding its digit
   * (same), so the player sees what the digit rules out. */
  select() {
    const g = this.game;
    if (!g || !this.cells.length) return;
    const peers = new Set(g.shape.peers(this.focus));
    const v = g.value(this.focus);
    this.cells.forEach((cell, i) => {
      cell.classList.toggle('peer', peers.has(i));
      cell.classList.toggle('same', v !== 0 && g.value(i) === v);
    });
  }

  moveTo(i, focus = true) {
    if (!this.cells[i]) return;
    this.cells[this.focus].tabIndex = -1;
    this.focus = i;
    this.cells[i].tabIndex = 0;
    this.select();
    if (focus) this.cells[i].focus();
  }

  key(e) {
    const n = this.game.n, r = Math.floor(this.focus / n), c = this.focus % n;
    const ctrl = e.ctrlKey || e.metaKey;
    const moves = {
      ArrowUp: r > 0 ? this.focus - n : null,
      ArrowDown: r < n - 1 ? this.focus + n : null,
      ArrowLeft: c > 0 ? this.focus - 1 : null,
      ArrowRight: c < n - 1 ? this.focus + 1 : null,
      Home: ctrl ? 0 : r * n,
      End: ctrl ? n * n - 1 : r * n + n - 1,
      PageUp: c,
      PageDown: (n - 1) * n + c,
    };
    if (e.key in moves) {
      e.preventDefault();
      if (moves[e.key] !== null) this.moveTo(moves[e.key]);
      return;
    }
    if (ctrl && (e.key === 'z' || e.key === 'Z')) {
      e.preventDefault();
      if (e.shiftKey) this.on.redo();
      else this.on.undo();
      return;
    }
    if (ctrl && (e.key === 'y' || e.key === 'Y')) {
      e.preventDefault();
      this.on.redo();
      return;
    }
    if (ctrl || e.altKey) return;
    if (e.key === 'Backspace' || e.key === 'Delete' || e.key === '0') {
      e.preventDefault();
      this.on.clear(this.focus);
      return;
    }
    if (e.key === ' ') {
      e.preventDefault();
      this.on.toggleNotes();
      return;
    }
    const v = valueOf(e.key);
    if (v >= 1 && v <= n) {
      e.preventDefault();
      this.on.input(this.focus, v);
    }
  }
}

/** A small colour number per jigsaw region so neighbouring regions differ (greedy colouring). */
function colourRegions(shape) {
  const { n, region } = shape;
  const next = new Map();
  for (let i = 0; i < n * n; i++) {
    for (const j of [i + 1, i + n]) {
      if (j >= n * n || (j === i + 1 && j % n === 0) || region[i] === region[j]) continue;
      for (const [a, b] of [[region[i], region[j]], [region[j], region[i]]]) {
        if (!next.has(a)) next.set(a, new Set());
        next.get(a).add(b);
      }
    }
  }
  const colour = new Array(n).fill(-1);
  for (let id = 0; id < n; id++) {
    const used = new Set([...(next.get(id) || [])].map((b) => colour[b]));
    let k = 0;
    while (used.has(k)) k++;
    colour[id] = k % 6;
  }
  return colour;
}
