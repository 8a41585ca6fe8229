// vs-sigh.mjs -- sigh/Interactive-Sudoku-Solver's solver, headless under node, on files of
// f-puzzles JSON objects (one per line, as bench/variant_gen.c writes them), for
// bench/vs-sigh.sh.
//
//   node bench/vs-sigh.mjs SIGH_DIR RUNS FILE.jsonl...
//
// SIGH_DIR is a copy of its public source (its js/ folder is all this loads). Each puzzle is
// turned into sigh's own constraint text (the `.Type~args~cells` form its parser reads), parsed
// once, then checked once untimed (its first solution must be the file's `solution`, and
// unique); each timed run builds the solver from the parsed constraint and counts solutions
// up to 2, as our engine compiles its list and proves uniqueness. Prints one line per file:
//
//   FILE PUZZLES MEDIAN_MS_PER_PUZZLE MIN_MS_PER_PUZZLE NODES_PER_PUZZLE
//
// (nodes: sigh's nodesSearched counter of the untimed solve, a measure the machine's load
// does not change, next to our engine's own count of search nodes)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// sigh's modules import each other with a cache-busting suffix read from the worker global.
globalThis.self = globalThis;
self.VERSION_PARAM = '';

const [sighDir, runsArg, ...files] = process.argv.slice(2);
const runs = Number(runsArg);
if (!sighDir || !(runs >= 1) || files.length === 0) {
  console.error('usage: node vs-sigh.mjs SIGH_DIR RUNS FILE.jsonl...');
  process.exit(2);
}
const load = (path) => import(pathToFileURL(resolve(sighDir, path)).href);
const { SudokuParser } = await load('js/sudoku_parser.js');
const { SudokuBuilder } = await load('js/solver/sudoku_builder.js');

const cellList = (cells) => cells.map((c) => '~' + c).join('');

// An f-puzzles object as sigh's constraint text; a key this does not know is an error, so
// no constraint is dropped unseen.
const toSigh = (fp) => {
  let text = `.Shape~${fp.size}x${fp.size}`;
  fp.grid.forEach((row, r) => row.forEach((cell, c) => {
    if (cell.given) text += `.~R${r + 1}C${c + 1}_${cell.value}`;
  }));
  const negative = new Set(fp.negative || []);
  if (Boolean(fp.nonconsecutive) !== negative.has('ratio')) {
    throw Error('a negative of one kropki colour only: sigh has StrictKropki for both');
  }
  if (fp.nonconsecutive) text += '.StrictKropki';
  if (negative.has('xv')) text += '.StrictXV';
  const writers = {
    killercage: (e) => `.Cage~${e.value}${cellList(e.cells)}`,
    littlekillersum: (e) => `.Sum~${e.value}${cellList(e.cells)}`,
    arrow: (e) => {
      const shaft = e.lines[0].filter((c) => !e.cells.includes(c));
      return e.cells.length === 1
        ? `.Arrow${cellList(e.cells)}${cellList(shaft)}`
        : `.PillArrow~${e.cells.length}${cellList(e.cells)}${cellList(shaft)}`;
    },
    thermometer: (e) => e.lines.map((l) => `.Thermo${cellList(l)}`).join(''),
    difference: (e) => {
      if (e.value && e.value !== '1') throw Error('a white dot of difference ' + e.value);
      return `.WhiteDot${cellList(e.cells)}`;
    },
    ratio: (e) => {
      if (e.value && e.value !== '2') throw Error('a black dot of ratio ' + e.value);
      return `.BlackDot${cellList(e.cells)}`;
    },
    xv: (e) => `.${e.value}${cellList(e.cells)}`,
    sandwichsum: (e) => {
      const [, r, c] = e.cell.match(/^R(\d+)C(\d+)$/).map(Number);
      return `.Sandwich~${e.value}~${r === 0 ? 'C' + c : 'R' + r}`;
    },
    betweenline: (e) => e.lines.map((l) => `.Between${cellList(l)}`).join(''),
    renban: (e) => e.lines.map((l) => `.Renban${cellList(l)}`).join(''),
    whispers: (e) => e.lines.map((l) => `.Whisper~5${cellList(l)}`).join(''),
  };
  const flags = { antiknight: '.AntiKnight', antiking: '.AntiKing' };
  const skip = new Set(['size', 'title', 'author', 'grid', 'solution', 'negative',
    'nonconsecutive']);
  for (const [key, value] of Object.entries(fp)) {
    if (skip.has(key)) continue;
    if (flags[key]) {
      if (value) text += flags[key];
    } else if (writers[key]) {
      text += value.map(writers[key]).join('');
    } else {
      throw Error('no sigh constraint for f-puzzles key ' + key);
    }
  }
  return text;
};

const solveOnce = (parsed) => {
  const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(parsed));
  return solver.countSolutions(2);
};

let nodes = 0;

for (const file of files) {
  nodes = 0;
  const puzzles = readFileSync(file, 'utf8').split('\n').filter((l) => l.trim()).map((line, i) => {
    const fp = JSON.parse(line);
    const parsed = SudokuParser.parseText(toSigh(fp));
    const solver = SudokuBuilder.build(SudokuBuilder.resolveConstraint(parsed));
    const first = Array.from(solver.nthSolution(0) || []);
    if (first.join() !== fp.solution.join()) throw Error(`${file}:${i + 1}: sigh's solution differs`);
    if (solver.countSolutions(2) !== 1) throw Error(`${file}:${i + 1}: not unique for sigh`);
    nodes += solver.state().counters.nodesSearched;
    return parsed;
  });
  const ms = [];
  for (let run = 0; run < runs; run++) {
    const start = process.hrtime.bigint();
    for (const parsed of puzzles) solveOnce(parsed);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6 / puzzles.length);
  }
  ms.sort((a, b) => a - b);
  const perPuzzle = (nodes / puzzles.length).toFixed(1);
  console.log(`${file} ${puzzles.length} ${ms[runs >> 1].toFixed(4)} ${ms[0].toFixed(4)} ${perPuzzle}`);
}
