// variant-fixture.mjs -- makes the browser suite's variant puzzle: a killer with thermometers,
// drawn on a known classic solution, then made unique. Run by hand, from the repository root:
//
//   node tests/browser/variant-fixture.mjs
//
// writes tests/browser/killer-thermo.json (the f-puzzles object, to read) and
// tests/browser/killer-thermo.link (its f-puzzles link: LZ-String compressToBase64, as
// f-puzzles.com writes it). The solution is the page's default puzzle's (easy50.txt line 1),
// so the cages and thermometers hold by construction: cages tile the grid (2 to 4 cells, no digit
// twice, their sums written), thermometers climb it; a small search of its own counts the
// solutions, and givens of the solution are added where two solutions differ until one is left.
// A seeded generator makes the same puzzle on every run.

import { writeFileSync } from 'node:fs';
import LZString from 'lz-string';

const SOLUTION = '483921657967345821251876493548132976729564138136798245372689514814253769695417382';
const N = 9;
const digit = (i) => Number(SOLUTION[i]);
const name = (i) => `R${Math.floor(i / N) + 1}C${(i % N) + 1}`;

let seed = 20261127;
function random(k) {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return Math.floor((seed / 2147483648) * k);
}

function neighbours(i, diagonal = false) {
  const r = Math.floor(i / N), c = i % N, out = [];
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((!dr && !dc) || (!diagonal && dr && dc)) continue;
      if (r + dr >= 0 && r + dr < N && c + dc >= 0 && c + dc < N) out.push((r + dr) * N + c + dc);
    }
  }
  return out;
}

/** Cages of 2 to 4 cells tiling the grid, grown from each free cell in reading order; a cell
 * left alone joins a neighbouring cage that lacks its digit. */
function cages() {
  const owner = new Array(N * N).fill(-1), list = [];
  for (let i = 0; i < N * N; i++) {
    if (owner[i] >= 0) continue;
    const cage = [i], want = 2 + random(3);
    owner[i] = list.length;
    while (cage.length < want) {
      const next = cage.flatMap((j) => neighbours(j)).filter((j) => owner[j] < 0 && !cage.some((k) => digit(k) === digit(j)));
      if (!next.length) break;
      const j = next[random(next.length)];
      owner[j] = list.length;
      cage.push(j);
    }
    list.push(cage);
  }
  for (const [k, cage] of list.entries()) {
    if (cage.length > 1) continue;
    const i = cage[0];
    const host = neighbours(i).map((j) => owner[j]).find((o) => o !== k && list[o].length < 5 && !list[o].some((j) => digit(j) === digit(i)));
    if (host === undefined) continue;
    list[host].push(i);
    owner[i] = host;
    cage.pop();
  }
  return list.filter((c) => c.length);
}

/** Thermometers of 4 cells climbing the solution (steps to any of the 8 neighbours). */
function thermometers(count) {
  const out = [], used = new Set();
  for (let tries = 0; out.length < count && tries < 1000; tries++) {
    const path = [random(N * N)];
    while (path.length < 4) {
      const last = path[path.length - 1];
      const next = neighbours(last, true).filter((j) => digit(j) > digit(last) && !used.has(j) && !path.includes(j));
      if (!next.length) break;
      path.push(next[random(next.length)]);
    }
    if (path.length === 4 && !path.some((i) => used.has(i))) {
      out.push(path);
      for (const i of path) used.add(i);
    }
  }
  return out;
}

/** Up to `limit` solutions of givens (0 for blank) under the rules, cages and thermometers. */
function solve(givens, cageList, thermos, limit = 2) {
  const grid = givens.slice(), found = [];
  const peers = Array.from({ length: N * N }, (_, i) => {
    const r = Math.floor(i / N), c = i % N, set = new Set();
    for (let k = 0; k < N; k++) set.add(r * N + k).add(k * N + c);
    const br = r - (r % 3), bc = c - (c % 3);
    for (let k = 0; k < 9; k++) set.add((br + Math.floor(k / 3)) * N + bc + (k % 3));
    set.delete(i);
    return [...set];
  });
  const cageOf = new Array(N * N);
  cageList.forEach((cage) => cage.cells.forEach((i) => { cageOf[i] = cage; }));
  const thermoOf = Array.from({ length: N * N }, () => []);
  for (const t of thermos) t.forEach((i, k) => thermoOf[i].push({ t, k }));
  const fits = (i, d) => {
    if (peers[i].some((j) => grid[j] === d)) return false;
    const cage = cageOf[i];
    if (cage) {
      const placed = cage.cells.filter((j) => grid[j]).map((j) => grid[j]);
      if (placed.includes(d)) return false;
      const left = cage.cells.length - placed.length - 1, rest = cage.sum - d - placed.reduce((a, b) => a + b, 0);
      const free = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((x) => x !== d && !placed.includes(x));
      const low = free.slice(0, left).reduce((a, b) => a + b, 0), high = free.slice(free.length - left).reduce((a, b) => a + b, 0);
      if (left === 0 ? rest !== 0 : rest < low || rest > high) return false;
    }
    for (const { t, k } of thermoOf[i]) {
      if (d < k + 1 || d > N - (t.length - 1 - k)) return false;
      for (const [m, j] of t.entries()) if (grid[j] && (m < k ? grid[j] > d - (k - m) : m > k && grid[j] < d + (m - k))) return false;
    }
    return true;
  };
  const search = () => {
    let best = -1, options = null;
    for (let i = 0; i < N * N; i++) {
      if (grid[i]) continue;
      const o = [1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => fits(i, d));
      if (!options || o.length < options.length) [best, options] = [i, o];
      if (!o.length) return;
    }
    if (best < 0) {
      found.push(grid.slice());
      return;
    }
    for (const d of options) {
      grid[best] = d;
      search();
      grid[best] = 0;
      if (found.length >= limit) return;
    }
  };
  search();
  return found;
}

const cageList = cages().map((cells) => ({ cells, sum: cells.reduce((a, i) => a + digit(i), 0) }));
const thermos = thermometers(3);
const givens = new Array(N * N).fill(0);
for (;;) {
  const found = solve(givens, cageList, thermos);
  if (found.length === 1) break;
  const differ = found[0].findIndex((d, i) => d !== found[1][i]);
  givens[differ] = digit(differ);
}

const object = {
  size: N,
  title: 'sudokud browser suite: killer with thermometers',
  author: 'sudokud',
  grid: Array.from({ length: N }, (_, r) => Array.from({ length: N }, (_, c) => (givens[r * N + c] ? { value: givens[r * N + c], given: true } : {}))),
  killercage: cageList.map((cage) => ({ cells: cage.cells.map(name), value: String(cage.sum) })),
  thermometer: thermos.map((t) => ({ lines: [t.map(name)] })),
};
const dir = new URL('.', import.meta.url);
writeFileSync(new URL('killer-thermo.json', dir), `${JSON.stringify(object, null, 1)}\n`);
writeFileSync(new URL('killer-thermo.link', dir), `https://f-puzzles.com/?load=${LZString.compressToBase64(JSON.stringify(object))}\n`);
console.log(`${cageList.length} cages, ${thermos.length} thermometers, ${givens.filter(Boolean).length} givens`);
