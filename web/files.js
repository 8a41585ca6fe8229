// files.js -- the page's file formats: "Copy as" (the game written in another program's format)
// and "Open a file", a dropped file or a pasted text the page cannot read itself (a game read
// from one), all through POST /v1/convert, so
// the page reads and writes exactly what the API and the CLI do (formats/ on the server).
//
// /v1/convert reads one puzzle a text. A file of many, one a line (an .sdm, or a .txt of such
// lines), is split here: its first puzzle is opened and the count said.
//
// An f-puzzles or SudokuPad link (or the f-puzzles data alone) is first asked back as the
// f-puzzles object (`to: fpuzzles`), checked by the server: one with variant constraints opens
// as a variant game (variant.js), with the text itself as its source for the address bar; one
// without opens as any other format does.

import { call } from './api.js';
import { isVariant, variantSpec } from './variant.js';

// Larger than any puzzle file of sense (50,000 .sdm lines are 4 MiB): not read into memory.
const MAX_FILE = 16 * 1024 * 1024;

/** The request body for the game's state: givens, the player's digits, and the candidate grid
 * (Game.candidates, as /v1/hint gets it) when the player wrote notes, else the format's own. */
function stateOf(game) {
  const body = { puzzle: game.text() };
  if (game.entries.some(Boolean)) body.entries = game.entriesText();
  if (game.marks.some((m) => m.length)) body.candidates = game.givens.map((_, i) => game.candidates(i));
  return body;
}

/** The game written in format `to` (a /v1/convert `to`). */
export async function convertGame(game, to) {
  const res = await call('v1/convert', { ...stateOf(game), to });
  if (typeof res.text !== 'string') throw new Error('The server answered without the converted text.');
  return res.text;
}

/** The puzzles of a text that holds one a line (an .sdm, or lines of 81 or more cells), else null. */
function puzzleLines(name, text) {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (/\.sdm$/i.test(name)) return lines;
  const width = lines.length ? lines[0].length : 0;
  const square = Number.isInteger(Math.sqrt(width)) && width >= 81;
  return lines.length > 1 && square && lines.every((l) => l.length === width && /^[0-9A-Za-z._]+$/.test(l)) ? lines : null;
}

/** What a file's metadata says of its puzzle, as the end of a sentence ('' when nothing). */
function aboutText(meta) {
  if (!meta) return '';
  const parts = [meta.title ? `"${meta.title}"` : '', meta.author ? `by ${meta.author}` : ''].filter(Boolean);
  if (meta.description) parts.push(`${parts.length ? '(' : ''}${meta.description}${parts.length ? ')' : ''}`);
  return parts.length ? `: ${parts.join(' ')}` : '';
}

// f-puzzles.com links, SudokuPad's fpuzzles ones, f-puzzles JSON and its bare LZ-String data
// (which starts N4Ig, the packed '{"').
const FPUZZLES = /f-puzzles\.com|fpuz|sudokupad|crackingthecryptic|^\s*N4Ig|^\s*\{[^]*"grid"/i;

/** A variant's load() spec and metadata note for an f-puzzles text, or null when the text is
 * none, or holds no variant constraint (then it reads as any other format). */
async function readVariant(text) {
  if (!FPUZZLES.test(text)) return null;
  const res = await call('v1/convert', { puzzle: text, to: 'fpuzzles' });
  let object = null;
  try {
    object = typeof res.text === 'string' && res.text.trimStart().startsWith('{') ? JSON.parse(res.text) : null;
  } catch {
    object = null;
  }
  if (!object || !isVariant(object)) return null;
  const spec = { ...variantSpec(object), source: text.trim() };
  return { spec, about: aboutText({ title: object.title, author: object.author }) };
}

/** A load() spec for a text in any format /v1/convert reads (format: its name, or undefined to
 * have it told from the text), with the note its metadata gives. */
async function readText(text, format) {
  const variant = format ? null : await readVariant(text);
  if (variant) return variant;
  const res = await call('v1/convert', format ? { puzzle: text, format, to: 'json' } : { puzzle: text, to: 'json' });
  const cells = [...res.puzzle].length;
  const spec = {
    puzzle: res.puzzle,
    // notes load with entries (Game takes marks with them): a grid of candidates alone gets blank entries
    entries: res.entries || (res.candidates ? '.'.repeat(cells) : null),
    marks: res.candidates || null,
  };
  return { spec, about: aboutText(res.metadata) };
}

/** A load() spec and note for a text pasted in the Puzzle box that the page cannot read itself:
 * an .sdk, a pencil-mark grid, a HoDoKu line, a link. */
export async function openText(text) {
  const { spec, about } = await readText(text);
  return { spec, note: about ? ` Read the pasted text${about}.` : '' };
}

/** A load() spec and note for a file (a File or Blob with a name): its first puzzle, with the
 * entries and candidates (as notes) and metadata it holds. Throws a sentence for a file that
 * cannot be read. */
export async function openFile(file) {
  if (file.size > MAX_FILE) throw new Error(`${file.name} is ${(file.size / 1048576).toFixed(0)} MiB: too big for a puzzle file.`);
  const text = await file.text();
  const lines = puzzleLines(file.name, text);
  if (lines && lines.length === 0) throw new Error(`${file.name} holds no puzzle: it is empty.`);
  const { spec, about } = lines ? await readText(lines[0], 'sdm') : await readText(text);
  const many = lines && lines.length > 1 ? `, the first of the ${lines.length} puzzles it holds` : '';
  return { spec, note: ` Opened ${file.name}${many}${about}.` };
}
