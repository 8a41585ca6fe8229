// timer.js -- the game's clock: a role=timer element that counts while the player plays.
//
// It counts only while the page is visible (a hidden tab pauses it, as the popular sites do)
// and stops for good when the puzzle is finished. Time is kept as milliseconds played, so a
// reload picks it up where it was (app.js stores ms() with the game).

/** m:ss, or h:mm:ss past an hour, of a time in milliseconds. */
export function clock(ms) {
  const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

export class Timer {
  /** el: the role=timer element; tick(ms): called each second while counting. */
  constructor(el, tick = () => {}) {
    this.el = el;
    this.tick = tick;
    this.played = 0; // ms counted before `since`
    this.since = null; // performance.now() when counting began, null when not counting
    this.stopped = true;
    this.interval = null;
    document.addEventListener('visibilitychange', () => this.follow());
  }

  /** Starts from ms played (a new game: 0); stopped keeps it still (a finished game). */
  reset(ms = 0, stopped = false) {
    this.pause();
    this.played = ms;
    this.stopped = stopped;
    this.follow();
    this.show();
  }

  /** Stops for good (the end of the game). */
  stop() {
    this.pause();
    this.stopped = true;
    this.show();
  }

  ms() {
    return this.played + (this.since === null ? 0 : performance.now() - this.since);
  }

  follow() {
    if (!this.stopped && document.visibilityState === 'visible') this.resume();
    else this.pause();
  }

  resume() {
    if (this.since !== null) return;
    this.since = performance.now();
    this.interval = setInterval(() => {
      this.show();
      this.tick(this.ms());
    }, 1000);
  }

  pause() {
    if (this.since === null) return;
    this.played = this.ms();
    this.since = null;
    clearInterval(this.interval);
    this.tick(this.played);
  }

  show() {
    this.el.textContent = clock(this.ms());
  }
}
