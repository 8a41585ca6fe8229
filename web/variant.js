// variant.js -- variant Sudoku on the page: an f-puzzles object's constraints drawn over the
// board, said in words on each cell, and named in the status line.
//
// The data is the f-puzzles object as POST /v1/convert (`to: fpuzzles`) gives it back once the
// server has checked it: cells are named "R1C1" from 1, and clues outside the grid (little
// killers, sandwich sums) sit on row or column 0 or N+1. KINDS holds one row per constraint key:
// its name for people, its drawing and its words; a key the table does not know never reaches
// the page, since the server refuses it (422). A new kind is a row and two small functions.
//
//   <div role="grid" style="--m: 1">          the grid's margin, --m cells, holds outside clues
//     <div role="row"> ...cells... </div>
//     <svg class="variant" aria-hidden="true" viewBox="-m -m N+2m N+2m">
//                                             over the cells, in cell units (cell c of row r
//                                             spans x c..c+1, y r..r+1), clicks pass through
//
// The drawing is for the eye alone (aria-hidden): what it shows is also in each cell's
// description ("in a cage of 3 cells summing to 17"), through Board.overlay.

import { cellName, defaultBox, symbol } from './puzzle.js';

const SVG = 'http://www.w3.org/2000/svg';

/** A cell name "R1C1" as {r, c} from 0 (outside clues give -1 or N); null when unreadable. */
function place(name) {
  const m = /^R(\d+)C(\d+)$/i.exec(String(name));
  return m ? { r: Number(m[1]) - 1, c: Number(m[2]) - 1 } : null;
}

/** Helpers over one puzzle of size n: cell indexes, centres, names. */
function geometry(n) {
  const inside = (p) => p && p.r >= 0 && p.c >= 0 && p.r < n && p.c < n;
  return {
    n,
    index: (name) => {
      const p = place(name);
      return inside(p) ? p.r * n + p.c : -1;
    },
    cells(names) {
      return (Array.isArray(names) ? names : []).map(this.index).filter((i) => i >= 0);
    },
    centre: (i) => ({ x: (i % n) + 0.5, y: Math.floor(i / n) + 0.5 }),
    name: (i) => cellName(i, n),
  };
}

function ordinal(k) {
  const tail = k % 100 >= 11 && k % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][k % 10] || 'th';
  return `${k}${tail}`;
}

function node(parent, tag, attrs, text) {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  parent.append(e);
  return e;
}

const num = (x) => Number(x.toFixed(3));
const points = (list) => list.map((p) => `${num(p.x)},${num(p.y)}`).join(' ');

/** A value written on a clue, or the default when there is none. */
function valueOr(item, fallback) {
  const v = item.value;
  return v === undefined || v === null || v === '' ? fallback : String(v);
}

/** The outline of a group of cells, drawn inside it by `inset`, one segment per outer side:
 * a side's ends stop at the corner, run on into the next cell, or reach over an inner corner. */
function outline(g, cells, inset) {
  const set = new Set(cells), n = g.n, d = [];
  const has = (r, c) => r >= 0 && c >= 0 && r < n && c < n && set.has(r * n + c);
  for (const i of cells) {
    const r = Math.floor(i / n), c = i % n;
    for (const [nx, ny] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      if (has(r + ny, c + nx)) continue;
      const [tx, ty] = [-ny, nx];
      const reach = (s) => {
        if (!has(r + s * ty, c + s * tx)) return 0.5 - inset;
        return has(r + s * ty + ny, c + s * tx + nx) ? 0.5 + inset : 0.5;
      };
      const mx = c + 0.5 + nx * (0.5 - inset), my = r + 0.5 + ny * (0.5 - inset);
      const a = reach(-1), b = reach(1);
      d.push(`M${num(mx - tx * a)} ${num(my - ty * a)}L${num(mx + tx * b)} ${num(my + ty * b)}`);
    }
  }
  return d.join('');
}

/** A small label on a plate of the cell's colour, so lines under it do not cross the text. */
function label(svg, x, y, text, size, cls = 'tag') {
  const w = size * 0.62 * text.length + size * 0.25;
  node(svg, 'rect', { x: num(x - w / 2), y: num(y - size * 0.55), width: num(w), height: num(size * 1.1), rx: num(size * 0.2), class: 'plate' });
  node(svg, 'text', { x: num(x), y: num(y), 'font-size': size, class: cls }, text);
}

/** A line through cell centres, its ends pulled in by `from` and `to` (for circles on them). */
function line(svg, g, cells, cls, { from = 0, to = 0 } = {}) {
  const pts = cells.map(g.centre);
  if (pts.length < 2) return pts;
  const pull = (p, q, by) => {
    const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy);
    return { x: p.x + (dx / len) * by, y: p.y + (dy / len) * by };
  };
  if (from) pts[0] = pull(pts[0], pts[1], from);
  if (to) pts[pts.length - 1] = pull(pts[pts.length - 1], pts[pts.length - 2], to);
  node(svg, 'polyline', { points: points(pts), class: cls });
  return pts;
}

function lineCells(g, item) {
  return (Array.isArray(item.lines) ? item.lines : []).map((l) => g.cells(l)).filter((l) => l.length);
}

// ---- the kinds: draw(svg, item, g) and say(item, g, add(cell, words)) ----------------------

function drawCage(svg, item, g) {
  const cells = g.cells(item.cells);
  if (!cells.length) return;
  node(svg, 'path', { d: outline(g, cells, 0.08), class: 'cage' });
  const sum = valueOr(item, '');
  if (sum) {
    const first = Math.min(...cells), x = first % g.n, y = Math.floor(first / g.n);
    node(svg, 'rect', { x: x + 0.03, y: y + 0.03, width: num(0.06 + 0.17 * sum.length), height: 0.3, class: 'plate' });
    node(svg, 'text', { x: x + 0.05, y: y + 0.19, 'font-size': 0.27, class: 'sum' }, sum);
  }
}

function sayCage(item, g, add) {
  const cells = g.cells(item.cells), sum = valueOr(item, '');
  for (const i of cells) add(i, `in a cage of ${cells.length} cells${sum ? ` summing to ${sum}` : ''}`);
}

function drawThermo(svg, item, g) {
  for (const cells of lineCells(g, item)) {
    const c = g.centre(cells[0]);
    node(svg, 'circle', { cx: c.x, cy: c.y, r: 0.34, class: 'thermo bulb' });
    line(svg, g, cells, 'thermo');
  }
}

function sayThermo(item, g, add) {
  for (const cells of lineCells(g, item)) {
    cells.forEach((i, k) => add(i, k === 0 ? `the bulb of a thermometer of ${cells.length} cells`
      : `on a thermometer, ${ordinal(k + 1)} of ${cells.length} from the bulb`));
  }
}

function drawArrow(svg, item, g) {
  const bulb = g.cells(item.cells), r = 0.36;
  const pts = bulb.map(g.centre);
  const straight = pts.every((p) => p.x === pts[0].x) || pts.every((p) => p.y === pts[0].y);
  if (pts.length > 1 && straight) {
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    const x = Math.min(...xs) - r, y = Math.min(...ys) - r;
    node(svg, 'rect', { x, y, width: num(Math.max(...xs) + r - x), height: num(Math.max(...ys) + r - y), rx: r, class: 'arrow bulb' });
  } else {
    for (const p of pts) node(svg, 'circle', { cx: p.x, cy: p.y, r, class: 'arrow bulb' });
  }
  for (const cells of lineCells(g, item)) {
    const shaft = line(svg, g, cells, 'arrow', { from: bulb.includes(cells[0]) ? r : 0 });
    if (shaft.length < 2) continue;
    const tip = shaft[shaft.length - 1], back = shaft[shaft.length - 2];
    const len = Math.hypot(tip.x - back.x, tip.y - back.y);
    const ux = (tip.x - back.x) / len, uy = (tip.y - back.y) / len;
    const wing = (s) => ({ x: tip.x - ux * 0.24 + s * uy * 0.16, y: tip.y - uy * 0.24 - s * ux * 0.16 });
    node(svg, 'polyline', { points: points([wing(1), tip, wing(-1)]), class: 'arrow' });
  }
}

function sayArrow(item, g, add) {
  const bulb = g.cells(item.cells);
  const shafts = lineCells(g, item).map((cells) => cells.filter((i) => !bulb.includes(i)));
  const total = shafts.reduce((k, s) => k + s.length, 0);
  const where = bulb.map(g.name).join(' and ');
  const circle = bulb.length > 1 ? `its ${bulb.length} digits, read as one number, are` : 'its digit is';
  for (const i of bulb) add(i, `in the circle of an arrow: ${circle} the sum of the arrow's ${total} cells`);
  for (const cells of shafts) {
    cells.forEach((i, k) => add(i, `on an arrow from ${where}, ${ordinal(k + 1)} of ${cells.length}`));
  }
}

/** White (difference) and black (ratio) kropki dots; the value is shown when not the default. */
function dotKind(colour, fallback, relation) {
  return {
    name: `${colour} dots`,
    draw(svg, item, g) {
      const [a, b] = g.cells(item.cells);
      if (b === undefined) return;
      const p = g.centre(a), q = g.centre(b), x = (p.x + q.x) / 2, y = (p.y + q.y) / 2;
      node(svg, 'circle', { cx: x, cy: y, r: 0.13, class: `dot ${colour}` });
      const v = valueOr(item, fallback);
      if (v !== fallback) node(svg, 'text', { x, y, 'font-size': 0.17, class: `dot-value ${colour}` }, v);
    },
    say(item, g, add) {
      const [a, b] = g.cells(item.cells);
      if (b === undefined) return;
      const v = valueOr(item, fallback);
      const what = `${colour} dot${v !== fallback ? ` (${relation} ${v})` : ''}`;
      add(a, `${what} with ${g.name(b)}`);
      add(b, `${what} with ${g.name(a)}`);
    },
  };
}

function drawXV(svg, item, g) {
  const [a, b] = g.cells(item.cells);
  if (b === undefined) return;
  const p = g.centre(a), q = g.centre(b);
  label(svg, (p.x + q.x) / 2, (p.y + q.y) / 2, valueOr(item, 'X').toUpperCase(), 0.3, 'xv');
}

function sayXV(item, g, add) {
  const [a, b] = g.cells(item.cells);
  if (b === undefined) return;
  const v = valueOr(item, 'X').toUpperCase();
  const what = `${v} (summing to ${v === 'V' ? 5 : 10})`;
  add(a, `${what} with ${g.name(b)}`);
  add(b, `${what} with ${g.name(a)}`);
}

const DIRECTIONS = { UL: [-1, -1], UR: [1, -1], DL: [-1, 1], DR: [1, 1] };

function drawLittleKiller(svg, item, g) {
  const at = place(item.cell), dir = DIRECTIONS[String(item.direction).toUpperCase()];
  if (!at || !dir) return;
  const cx = at.c + 0.5, cy = at.r + 0.5, [dx, dy] = dir;
  const v = valueOr(item, '');
  if (v) node(svg, 'text', { x: num(cx - dx * 0.1), y: num(cy - dy * 0.1), 'font-size': 0.32, class: 'clue' }, v);
  const tip = { x: cx + dx * 0.42, y: cy + dy * 0.42 }, tail = { x: cx + dx * 0.22, y: cy + dy * 0.22 };
  node(svg, 'polyline', { points: points([tail, tip]), class: 'clue-arrow' });
  node(svg, 'polyline', {
    points: points([{ x: tip.x - dx * 0.1, y: tip.y }, tip, { x: tip.x, y: tip.y - dy * 0.1 }]), class: 'clue-arrow',
  });
}

function sayLittleKiller(item, g, add) {
  const cells = g.cells(item.cells), v = valueOr(item, '');
  for (const i of cells) add(i, `on a little killer diagonal of ${cells.length} cells${v ? ` summing to ${v}` : ''}`);
}

/** The row or column a sandwich clue outside the grid is about: {what, cells}, or null. */
function sandwichLine(item, g) {
  const at = place(item.cell), n = g.n;
  if (!at) return null;
  const k = Array.from({ length: n }, (_, j) => j);
  if ((at.r === -1 || at.r === n) && at.c >= 0 && at.c < n) return { what: `column ${at.c + 1}`, cells: k.map((j) => j * n + at.c) };
  if ((at.c === -1 || at.c === n) && at.r >= 0 && at.r < n) return { what: `row ${at.r + 1}`, cells: k.map((j) => at.r * n + j) };
  return null;
}

function drawSandwich(svg, item) {
  const at = place(item.cell);
  if (at) node(svg, 'text', { x: at.c + 0.5, y: at.r + 0.5, 'font-size': 0.4, class: 'clue' }, valueOr(item, ''));
}

function saySandwich(item, g, add) {
  const l = sandwichLine(item, g);
  if (!l) return;
  for (const i of l.cells) add(i, `in ${l.what}, whose digits between its 1 and its ${symbol(g.n)} sum to ${valueOr(item, '')}`);
}

function diagonalCells(g, positive) {
  return Array.from({ length: g.n }, (_, k) => (positive ? (g.n - 1 - k) * g.n + k : k * g.n + k));
}

function diagonalKind(positive) {
  const name = positive ? 'the anti-diagonal' : 'the main diagonal';
  return {
    name: positive ? 'a rising diagonal' : 'a falling diagonal',
    draw(svg, item, g) {
      node(svg, 'line', { x1: 0, y1: positive ? g.n : 0, x2: g.n, y2: positive ? 0 : g.n, class: 'diagonal' });
    },
    say(item, g, add) {
      for (const i of diagonalCells(g, positive)) add(i, `on ${name}, where digits do not repeat`);
    },
  };
}

function drawRegion(svg, item, g) {
  const cells = g.cells(item.cells);
  for (const i of cells) node(svg, 'rect', { x: i % g.n, y: Math.floor(i / g.n), width: 1, height: 1, class: 'extra' });
  node(svg, 'path', { d: outline(g, cells, 0.04), class: 'extra-edge' });
}

function sayRegion(item, g, add) {
  const cells = g.cells(item.cells);
  for (const i of cells) add(i, `in an extra region of ${cells.length} cells, where digits do not repeat`);
}

/** Odd and even cells (a circle, a square), minimum and maximum cells: one cell, one phrase. */
function cellKind(name, words, draw) {
  return {
    name,
    draw(svg, item, g) {
      const i = g.index(item.cell);
      if (i >= 0) draw(svg, g.centre(i));
    },
    say(item, g, add) {
      const i = g.index(item.cell);
      if (i >= 0) add(i, words);
    },
  };
}

/** Four small wedges at a cell's sides, pointing in (minimum) or out (maximum). */
function wedges(inward) {
  return (svg, p) => {
    for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
      const base = inward ? 0.44 : 0.34, tip = inward ? 0.34 : 0.44;
      const b = { x: p.x + dx * base, y: p.y + dy * base }, t = { x: p.x + dx * tip, y: p.y + dy * tip };
      node(svg, 'polyline', { points: points([{ x: b.x + dy * 0.1, y: b.y - dx * 0.1 }, t, { x: b.x - dy * 0.1, y: b.y + dx * 0.1 }]), class: 'wedge' });
    }
  };
}

function drawBetween(svg, item, g) {
  for (const cells of lineCells(g, item)) {
    for (const i of [cells[0], cells[cells.length - 1]]) {
      const c = g.centre(i);
      node(svg, 'circle', { cx: c.x, cy: c.y, r: 0.36, class: 'between bulb' });
    }
    line(svg, g, cells, 'between', { from: 0.36, to: 0.36 });
  }
}

function sayBetween(item, g, add) {
  for (const cells of lineCells(g, item)) {
    const a = cells[0], b = cells[cells.length - 1];
    cells.forEach((i, k) => add(i, k === 0 || k === cells.length - 1
      ? `an end of a between line from ${g.name(a)} to ${g.name(b)}`
      : `on a between line from ${g.name(a)} to ${g.name(b)}, so between their digits`));
  }
}

/** Palindromes, German whispers and renban: a plain line of its own colour. */
function lineKind(name, cls, words) {
  return {
    name,
    draw(svg, item, g) {
      for (const cells of lineCells(g, item)) line(svg, g, cells, `line ${cls}`);
    },
    say(item, g, add) {
      for (const cells of lineCells(g, item)) cells.forEach((i, k) => add(i, words(cells, k, g)));
    },
  };
}

function drawQuadruple(svg, item, g) {
  const cells = g.cells(item.cells);
  const digits = (Array.isArray(item.values) ? item.values : []).map((v) => symbol(Number(v))).join('');
  if (cells.length !== 4) return;
  const x = Math.max(...cells.map((i) => i % g.n)), y = Math.max(...cells.map((i) => Math.floor(i / g.n)));
  node(svg, 'circle', { cx: x, cy: y, r: 0.3, class: 'quad' });
  node(svg, 'text', { x, y, 'font-size': digits.length > 2 ? 0.17 : 0.22, class: 'quad-digits' }, digits);
}

function sayQuadruple(item, g, add) {
  const cells = g.cells(item.cells);
  const digits = (Array.isArray(item.values) ? item.values : []).map((v) => symbol(Number(v)));
  for (const i of cells) add(i, `at a quadruple circle: its 4 cells hold ${digits.join(', ')}`);
}

function drawClone(svg, item, g) {
  for (const i of [...g.cells(item.cells), ...g.cells(item.cloneCells)]) {
    node(svg, 'rect', { x: i % g.n + 0.06, y: Math.floor(i / g.n) + 0.06, width: 0.88, height: 0.88, class: 'clone' });
  }
}

function sayClone(item, g, add) {
  const a = g.cells(item.cells), b = g.cells(item.cloneCells);
  a.forEach((i, k) => {
    if (b[k] === undefined) return;
    add(i, `a clone of ${g.name(b[k])}`);
    add(b[k], `a clone of ${g.name(i)}`);
  });
}

/** The constraint keys of an f-puzzles object: name, and draw/say per item (none for the rules
 * that hold everywhere); `outside` kinds put clues in the grid's margin. */
const KINDS = {
  killercage: { name: 'killer cages', draw: drawCage, say: sayCage },
  cage: { name: 'cages', draw: drawCage, say: sayCage },
  thermometer: { name: 'thermometers', draw: drawThermo, say: sayThermo },
  arrow: { name: 'arrows', draw: drawArrow, say: sayArrow },
  difference: dotKind('white', '1', 'difference'),
  ratio: dotKind('black', '2', 'ratio'),
  xv: { name: 'X and V', draw: drawXV, say: sayXV },
  littlekillersum: { name: 'little killers', draw: drawLittleKiller, say: sayLittleKiller, outside: true },
  sandwichsum: { name: 'sandwich sums', draw: drawSandwich, say: saySandwich, outside: true },
  'diagonal+': diagonalKind(true),
  'diagonal-': diagonalKind(false),
  extraregion: { name: 'extra regions', draw: drawRegion, say: sayRegion },
  odd: cellKind('odd cells', 'odd', (svg, p) => node(svg, 'circle', { cx: p.x, cy: p.y, r: 0.33, class: 'parity' })),
  even: cellKind('even cells', 'even', (svg, p) => node(svg, 'rect', { x: p.x - 0.32, y: p.y - 0.32, width: 0.64, height: 0.64, class: 'parity' })),
  minimum: cellKind('minimum cells', 'a minimum: below its orthogonal neighbours', wedges(true)),
  maximum: cellKind('maximum cells', 'a maximum: above its orthogonal neighbours', wedges(false)),
  betweenline: { name: 'between lines', draw: drawBetween, say: sayBetween },
  palindrome: lineKind('palindromes', 'palindrome', (cells, k, g) => {
    const twin = cells[cells.length - 1 - k];
    return twin === cells[k] ? 'the middle of a palindrome' : `on a palindrome, the same digit as ${g.name(twin)}`;
  }),
  whispers: lineKind('German whispers', 'whispers', () => 'on a German whispers line: neighbours on it differ by 5 or more'),
  renban: lineKind('renban lines', 'renban', (cells) => `on a renban line of ${cells.length} cells: a run of consecutive digits in any order`),
  quadruple: { name: 'quadruples', draw: drawQuadruple, say: sayQuadruple },
  clone: { name: 'clones', draw: drawClone, say: sayClone },
  antiknight: { name: 'anti-knight' },
  antiking: { name: 'anti-king' },
  disjointgroups: { name: 'disjoint groups' },
  nonconsecutive: { name: 'nonconsecutive' },
  negative: { name: 'negative constraint', single: true },
};

/** The items of a key: its list, or one item for a rule flag that is on (or a `single` value). */
function items(object, key) {
  const v = object[key];
  if (KINDS[key].single) return v && (!Array.isArray(v) || v.length) ? [v] : [];
  if (Array.isArray(v)) return v.filter((x) => x && typeof x === 'object');
  return v === true ? [true] : [];
}

function present(object) {
  return Object.keys(KINDS).filter((k) => object && items(object, k).length);
}

/** True when the object holds a constraint beyond rows, columns and boxes. */
export function isVariant(object) {
  return present(object).length > 0;
}

/** "killer cages (27), thermometers (3), anti-knight": the constraints in words. */
export function variantRules(object) {
  return present(object).map((k) => {
    const count = Array.isArray(object[k]) && !KINDS[k].single ? ` (${items(object, k).length})` : '';
    const negated = k === 'negative' ? `: every ${object[k].map((x) => (x === 'xv' ? 'X and V' : x === 'ratio' ? 'black dot' : x)).join(', ')} is shown` : '';
    return `${KINDS[k].name}${count}${negated}`;
  }).join(', ');
}

/**
 * A load() spec from a checked f-puzzles object: givens and the player's digits from its grid,
 * centre pencil marks as notes, jigsaw regions when its cells name other regions than the boxes,
 * both diagonals as the shape's diagonal (so they count as the cells' peers), and the object.
 */
export function variantSpec(object) {
  const n = object.size, box = defaultBox(n);
  const cells = (object.grid || []).flat();
  if (!Number.isInteger(n) || cells.length !== n * n) throw new Error('the f-puzzles data has no grid of its size');
  const value = (c) => (c && Number.isInteger(c.value) ? c.value : 0);
  const givens = cells.map((c) => (c && c.given ? value(c) : 0));
  const entries = cells.map((c) => (c && !c.given ? value(c) : 0));
  const marks = cells.map((c) => (c && Array.isArray(c.centerPencilMarks) ? c.centerPencilMarks.map(Number) : []));
  const boxOf = (i) => (box ? Math.floor(Math.floor(i / n) / box.rows) * box.rows + Math.floor((i % n) / box.cols) : 0);
  const regions = cells.map((c, i) => (c && Number.isInteger(c.region) ? c.region : boxOf(i)));
  const jigsaw = !box || regions.some((id, i) => id !== boxOf(i));
  const hasMarks = marks.some((m) => m.length);
  return {
    puzzle: givens.map(symbol).join(''),
    entries: entries.some(Boolean) || hasMarks ? entries.map(symbol).join('') : null,
    marks: hasMarks ? marks : null,
    regions: jigsaw ? regions : null,
    diagonal: object['diagonal+'] === true && object['diagonal-'] === true,
    variant: object,
  };
}

/** The object to solve: the givens alone in its grid (the player's digits and notes left out),
 * or with values (n * n digits, 0 for none) as givens too: a full board to check. */
export function solveObject(object, values = null) {
  const n = object.grid.length;
  const grid = object.grid.map((row, r) => row.map((c, col) => {
    const out = {}, v = values ? values[r * n + col] : 0;
    if (v) Object.assign(out, { value: v, given: true });
    else if (c && c.given && Number.isInteger(c.value)) Object.assign(out, { value: c.value, given: true });
    if (c && Number.isInteger(c.region)) out.region = c.region;
    return out;
  }));
  return { ...object, grid };
}

/**
 * The drawing and the words of an object's constraints for a board of size n: {svg, margin,
 * about, corners}, the SVG to lay over the cells, the cells of margin it needs around the grid
 * (1 when there are clues outside, else 0), a Map cell -> phrases for the cells' descriptions,
 * and the cells whose top left corner holds a cage sum (their notes keep clear of it).
 */
export function variantOverlay(object, n) {
  const g = geometry(n), keys = present(object);
  const margin = keys.some((k) => KINDS[k].outside) ? 1 : 0;
  const size = n + 2 * margin;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'variant');
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  svg.setAttribute('viewBox', `${-margin} ${-margin} ${size} ${size}`);
  const about = new Map();
  const add = (i, words) => about.set(i, [...(about.get(i) || []), words]);
  // regions and shaded cells first, lines over them, dots and clues on top
  const order = ['extraregion', 'clone', 'odd', 'even', 'diagonal+', 'diagonal-'];
  for (const k of [...order.filter((x) => keys.includes(x)), ...keys.filter((x) => !order.includes(x))]) {
    const kind = KINDS[k];
    const layer = node(svg, 'g', { 'data-kind': k });
    for (const item of items(object, k)) {
      if (kind.draw) kind.draw(layer, item, g);
      if (kind.say) kind.say(item, g, add);
    }
  }
  const corners = ['killercage', 'cage'].flatMap((k) => items(object, k))
    .filter((item) => valueOr(item, '') && g.cells(item.cells).length).map((item) => Math.min(...g.cells(item.cells)));
  return { svg, margin, about, corners };
}
