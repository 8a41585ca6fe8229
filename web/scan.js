// scan.js -- "Scan a photo": a picture of a printed Sudoku, with or without handwritten
// digits and pencil marks, sent to POST /v1/scan (issue 23), read back as a puzzle, entries
// and notes.
//
// The photo's bytes are the request body, with the file's own Content-Type (image/jpeg,
// image/png, image/webp). The answer: `puzzle` (81 symbols, printed givens), `entries` (the
// handwritten digits), `confidence` (81 numbers 0..1), `status` (ok, no_solution, multiple,
// conflict with `conflicts`) and `changed` (cells the server corrected), both lists of cells as
// `{row, col}` from 0, the form every endpoint writes a cell in; `pencil` (indexes of cells of
// pencil marks) and `candidates` (the digits read in them, a list per cell), which the page
// loads as the player's notes. Cells read with a
// confidence under 0.9 are outlined for the player to check; errors are problem+json, and
// their `detail` is what the player is told.

import { ApiError, call } from './api.js';
import { cellName } from './puzzle.js';

const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const SURE = 0.9;

/** POSTs the file; resolves to the scan's answer, rejects with a sentence. */
export async function scan(file) {
  if (!TYPES.includes(file.type)) {
    throw new ApiError(`"${file.name}" is ${file.type || 'of no known type'}: a scan takes a JPEG, PNG or WebP photo.`);
  }
  try {
    return await call('v1/scan', file);
  } catch (e) {
    throw new ApiError(e.problem && e.problem.detail ? `The photo could not be read: ${e.problem.detail}` : e.message);
  }
}

/** What the page shows of an answer: {unsure, conflicts (cell indexes), text, kind}. */
export function scanReport(res) {
  const n = Math.round(Math.sqrt(res.puzzle.length));
  const unsure = (res.confidence || []).flatMap((c, i) => (c < SURE ? [i] : []));
  const index = (cells) => (cells || []).map((c) => c.row * n + c.col);
  const conflicts = res.status === 'conflict' ? index(res.conflicts) : [];
  const changed = index(res.changed);
  const names = (list) => list.map((i) => cellName(i, n)).join(', ');
  const givens = [...res.puzzle].filter((c) => c !== '.').length;
  const written = [...(res.entries || '')].filter((c) => c !== '.').length;
  const pencil = (res.pencil || []).length;
  let text = `Scanned the photo: ${givens} printed and ${written} handwritten digits.`;
  if (pencil) text += ` ${pencil} ${pencil === 1 ? 'cell' : 'cells'} of pencil marks, read as notes.`;
  if (unsure.length) text += ` Check the outlined ${unsure.length === 1 ? 'cell' : 'cells'}, read with less confidence: ${names(unsure)}.`;
  if (changed.length) text += ` The server corrected ${names(changed)}.`;
  const status = {
    ok: '',
    no_solution: ' As read, the puzzle has no solution: a digit was probably misread.',
    multiple: ' As read, the puzzle has more than one solution: a printed digit was probably missed.',
    conflict: ` As read, digits repeat in a row, column or box: ${names(conflicts)}.`,
  }[res.status];
  text += status === undefined ? ` The server says: ${res.status}.` : status;
  return { unsure, conflicts, text, kind: res.status === 'ok' ? 'success' : 'error' };
}
