// hint.js -- hints in stages, as HoDoKu and Sudoku Explainer give them, that always move on.
//
//   press 1: the technique and where to look ("a pointing pair in box 1"): its units shaded
//   press 2: its cells, the candidates it removes struck out, the full sentence
//   press 3: applied: digits placed, removed candidates gone from the notes
//
// /v1/hint gets the page's full candidate grid (Game.candidates: the player's notes where
// written, else every digit no peer holds), so a step that only removes candidates is applied
// by writing those notes, and the next hint starts from them: no step is offered twice. When the
// server finds no step (stuck, or its time ran out), a cell of the solution is revealed instead;
// when the board holds a mistake, it is shown, and the next press takes it away. Any change to
// the board (Game.version) starts the next press from stage 1 again. A variant puzzle gets no
// logic step (the server's techniques know rows, columns and boxes only): its hint reveals a
// cell of the solution, and says so.

import { cellName, symbol, symbolText } from './puzzle.js';

const NAMES = {
  hidden_single_box: 'hidden single', hidden_single_line: 'hidden single', naked_single: 'naked single',
  full_house: 'full house', pointing: 'pointing pair', claiming: 'claiming pair',
  direct_hidden_pair: 'direct hidden pair', direct_hidden_triple: 'direct hidden triple',
  xy_wing: 'XY-Wing', xyz_wing: 'XYZ-Wing', wxyz_wing: 'WXYZ-Wing', w_wing: 'W-Wing',
  bug_plus_one: 'BUG+1', x_wing: 'X-Wing',
};

/** "pointing pair", "XY-Wing", "unique rectangle": a technique's key as people name it. */
export function techniqueTitle(id) {
  return NAMES[id] || String(id).replace(/_/g, ' ');
}

/** "a pointing pair", "an XY-Wing": the technique as a phrase. */
function techniqueName(id) {
  const name = techniqueTitle(id);
  return `${/^[aeiouxAEIOUX]/.test(name) && !/^(uni|XY|XYZ)/.test(name) ? 'an' : 'a'} ${name}`;
}

function unitName(u) {
  if (u.type === 'diagonal') return u.index === 0 ? 'the main diagonal' : 'the anti-diagonal';
  return `${u.type} ${u.index + 1}`;
}

export class Hints {
  /**
   * host: {game(), variant(), board, say(text, kind), call(path, body), request(extra),
   * solution(), change(cells, message)}: the page's state and its ways to speak, ask and edit;
   * variant() is true when the game is a variant puzzle.
   */
  constructor(host) {
    this.host = host;
    this.shown = null; // {version, stage, kind, ...} of the hint on screen
    this.last = Promise.resolve(); // presses run one after another, however fast they come
  }

  /** Forgets the hint on screen (the board changed, or a new puzzle). */
  forget() {
    if (this.shown) this.host.board.highlight();
    this.shown = null;
  }

  /** One press of Hint; resolves (or rejects with a sentence) when it has been handled. */
  press() {
    const next = this.last.catch(() => {}).then(() => this.handle());
    this.last = next;
    return next;
  }

  async handle() {
    const game = this.host.game();
    if (this.shown && this.shown.version === game.version) {
      this.advance(game);
      return;
    }
    this.forget();
    if (this.host.variant()) {
      await this.showReveal(game, 'a variant puzzle gets no logic hints here, only a cell of its solution');
      return;
    }
    const body = this.host.request({
      entries: game.entriesText(),
      candidates: game.givens.map((_, i) => game.candidates(i)),
    });
    const res = await this.host.call('v1/hint', body);
    if (game !== this.host.game()) return;
    if (res.kind === 'mistake') this.showMistake(game, res.cells);
    else if (res.kind === 'solved') this.host.say('The puzzle is solved: no hint needed.', 'success');
    else if (res.kind === 'step' && res.step) this.showStep(game, res.step);
    else if (res.kind === 'stuck' || res.status === 'limit') {
      await this.showReveal(game, res.kind === 'stuck' ? 'no technique the server knows finds the next step here'
        : 'the server ran out of time looking for a step');
    }
    else this.host.say('The server answered the hint request with something this page does not understand.', 'error');
  }

  advance(game) {
    const s = this.shown;
    if (s.kind === 'step' && s.stage === 1) {
      s.stage = 2;
      this.host.board.highlight(s.cells, s.units, s.strikes);
      this.host.say(`Hint, 2 of 3: ${s.text} Press Hint again to apply it.`);
    } else if (s.kind === 'step') {
      this.forget();
      this.host.change(this.stepChanges(game, s.step), `Applied: ${s.text}`);
    } else if (s.kind === 'reveal') {
      this.forget();
      this.host.change(game.placing([{ i: s.cell, v: s.digit }]), `Revealed: ${cellName(s.cell, game.n)} = ${symbol(s.digit)}.`);
    } else if (s.kind === 'mistake') {
      this.forget();
      this.host.change(this.mendChanges(game, s.cells), `Took back ${s.cells.length === 1 ? 'the mistake' : 'the mistakes'}: ${s.names}.`);
    }
  }

  showStep(game, step) {
    const n = game.n, at = (c) => c.row * n + c.col;
    const units = (step.units || []).flatMap((u) => game.shape.unitCells(u.type, u.index));
    const strikes = new Map();
    for (const e of step.eliminations || []) {
      const i = at(e);
      if (!game.value(i)) strikes.set(i, [...(strikes.get(i) || []), e.digit]);
    }
    const cells = (step.cells || []).map(at);
    const where = (step.units || []).length ? step.units.map(unitName).join(' and ')
      : cells.map((i) => cellName(i, n)).join(', ');
    const text = symbolText(String(step.text), n).replace(/([^.])$/, '$1.');
    this.shown = { version: game.version, kind: 'step', stage: 1, step, units, cells, strikes, text };
    this.host.board.highlight([], units);
    this.host.say(`Hint, 1 of 3: look for ${techniqueName(step.technique)} in ${where}. Press Hint again for the cells.`);
  }

  /** The step as one change: its digits placed (and struck from peers' notes), and the
   * candidates it removes taken out of the notes of the cells they were in. */
  stepChanges(game, step) {
    const n = game.n, at = (c) => c.row * n + c.col;
    const placed = (step.placements || []).map((p) => ({ i: at(p), v: p.digit }));
    const changes = new Map(game.placing(placed).map((c) => [c.i, c]));
    const removed = new Map();
    for (const e of step.eliminations || []) removed.set(at(e), [...(removed.get(at(e)) || []), e.digit]);
    for (const [i, digits] of removed) {
      if (game.value(i) || placed.some((p) => p.i === i)) continue;
      const taken = new Set(placed.filter((p) => game.shape.peers(i).includes(p.i)).map((p) => p.v));
      changes.set(i, { i, marks: game.candidates(i).filter((d) => !digits.includes(d) && !taken.has(d)) });
    }
    return [...changes.values()];
  }

  showMistake(game, list) {
    const n = game.n;
    const cells = list.map((c) => ({ i: c.row * n + c.col, reason: c.reason }));
    this.host.board.markInvalid(cells.map(({ i, reason }) => ({
      i, why: reason === 'candidates' ? 'its notes leave out the right digit' : 'contradicts the solution',
    })));
    const names = cells.map(({ i }) => cellName(i, n)).join(', ');
    this.shown = { version: game.version, kind: 'mistake', cells, names };
    this.host.say(`Something on the board contradicts the solution: ${names}. Press Hint again to take ${cells.length === 1 ? 'it' : 'them'} back.`, 'error');
  }

  /** Wrong entries cleared; notes that leave out the right digit written afresh from the peers. */
  mendChanges(game, cells) {
    const wrong = new Set(cells.filter((c) => c.reason !== 'candidates').map((c) => c.i));
    const out = [];
    for (const { i, reason } of cells) {
      if (reason !== 'candidates') {
        out.push({ i, v: 0 });
        continue;
      }
      const seen = new Set(game.shape.peers(i).filter((j) => !wrong.has(j)).map((j) => game.value(j)));
      out.push({ i, marks: Array.from({ length: game.n }, (_, k) => k + 1).filter((d) => !seen.has(d)) });
    }
    return out;
  }

  /** No step (why: the reason, in words): the open cell with the fewest candidates, from the
   * solution. */
  async showReveal(game, why) {
    const values = await this.host.solution();
    if (game !== this.host.game()) return;
    let cell = -1;
    for (let i = 0; i < values.length; i++) {
      if (game.value(i)) continue;
      if (cell < 0 || game.candidates(i).length < game.candidates(cell).length) cell = i;
    }
    if (cell < 0) return;
    this.shown = { version: game.version, kind: 'reveal', cell, digit: values[cell] };
    this.host.board.highlight([cell]);
    this.host.say(`Hint: ${why}. Press Hint again to reveal ${cellName(cell, game.n)}.`);
  }
}
