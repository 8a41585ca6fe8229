// store.js -- the game kept in localStorage, so a reload (or a closed tab) loses nothing.
//
// One game is kept: the puzzle as loaded (its text, shape, solution and rating when known),
// the player's entries, notes and undo history (Game.save), the time played and whether it is
// finished. Loading another puzzle replaces it. Settings are kept apart, across games. Storage
// that is full or switched off only means nothing is kept: the game goes on.

const GAME = 'sudokud.game';
const SETTINGS = 'sudokud.settings';

function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key));
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // no room or no storage: the game is not kept, and still played
  }
}

/** The kept game, {spec, state, ms, finished}, or null. */
export function keptGame() {
  const g = read(GAME);
  return g && g.spec && typeof g.spec.puzzle === 'string' ? g : null;
}

export function keepGame(game) {
  write(GAME, game);
}

export function settings() {
  return read(SETTINGS) || {};
}

export function keepSettings(s) {
  write(SETTINGS, s);
}
