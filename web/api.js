// api.js -- the page's one door to sudokud: JSON requests, and every failure as a sentence.
//
// URLs are relative to the page (`v1/solve`, not `/v1/solve`), so the page works wherever
// it is served from: sudokud itself, or a proxy that mounts it under a path. `?api=URL` in
// the page's address points it at a sudokud on another origin instead, which must list this
// page's origin in its `--cors-origins`.
//
// Features that not every sudokud has (hint, rate, generate, scan, convert: they came later) are looked up
// in the server's own contract, /openapi.yaml, so the page never sends a request it knows
// will be refused; a 404 from such an endpoint is still told as "not available". With no
// connection (navigator.onLine false) nothing is sent: the error says the request needs one.

const base = (() => {
  const api = new URLSearchParams(location.search).get('api');
  if (api) {
    try {
      const u = new URL(api, location.href);
      if (u.protocol === 'http:' || u.protocol === 'https:') {
        if (!u.pathname.endsWith('/')) u.pathname += '/';
        return u.href;
      }
    } catch {
      // fall through: a bad ?api= is ignored, and said so by apiBaseNote()
    }
  }
  return new URL('.', location.href).href;
})();

/** The base URL requests go to, for display. */
export function apiBase() {
  return base;
}

/** A failure of a request, with a message a person can read; offline when the device had
 * no connection (nothing was sent). */
export class ApiError extends Error {
  constructor(message, { status = 0, problem = null, path = '', offline = false } = {}) {
    super(message);
    this.status = status;
    this.problem = problem;
    this.path = path;
    this.offline = offline;
  }
}

/** True when the browser knows it has no connection: requests are then not even sent. */
export function offline() {
  return navigator.onLine === false;
}

const NEEDS = {
  'v1/hint': 'Hints need',
  'v1/rate': 'Ratings need',
  'v1/generate': 'New puzzles need',
  'v1/scan': 'Photo scans need',
  'v1/solve': 'The solver needs',
  'v1/validate': 'Checking with the server needs',
  'v1/convert': 'Copy as and opening a file need',
};

/** The error that says a request needs the connection the device does not have now. */
function needsConnection(path) {
  return new ApiError(`${NEEDS[path] || `/${path} needs`} the connection to sudokud, and this device is offline: try again once it is back.`,
    { path, offline: true });
}

const FEATURE_NAMES = {
  'v1/hint': 'Hints',
  'v1/rate': 'Puzzle ratings',
  'v1/generate': 'New puzzles',
  'v1/scan': 'Photo scans',
  'v1/convert': 'File formats',
};

/** The error that says a feature is missing on this server. */
export function notAvailable(path, why) {
  const what = FEATURE_NAMES[path] || `/${path}`;
  return new ApiError(`${what} are not available on this server: ${why}.`, { status: 404, path });
}

function cellsOf(conflict) {
  return conflict.cells.map((c) => `r${c.row + 1}c${c.col + 1}`).join(' and ');
}

/** One sentence (or a few) from a problem+json body. */
function problemText(p, status) {
  let text = `${p.title || 'Error'} (${status})`;
  if (p.detail) text += `: ${p.detail}`;
  if (Array.isArray(p.conflicts) && p.conflicts.length) {
    const list = p.conflicts.slice(0, 4).map((c) => `${cellsOf(c)} repeat ${c.symbol} in ${c.unit} ${c.index + 1}`);
    text += `. ${list.join('; ')}${p.conflicts.length > 4 ? '; ...' : ''}`;
  }
  if (Array.isArray(p.errors) && p.errors.length) text += `. ${p.errors[0].reason} (at ${p.errors[0].pointer})`;
  return text.endsWith('.') ? text : `${text}.`;
}

/**
 * Sends one request; resolves to the parsed JSON answer, rejects with an ApiError whose
 * message says what happened in words (problem details, proxy errors, no network). A Blob
 * body (a photo) is sent as its bytes with its own type; anything else as JSON.
 */
export async function call(path, body = undefined, { method = body === undefined ? 'GET' : 'POST' } = {}) {
  const url = new URL(path, base).href;
  const raw = body instanceof Blob;
  if (offline()) throw needsConnection(path);
  let resp;
  try {
    resp = await fetch(url, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': raw ? body.type : 'application/json' },
      body: body === undefined || raw ? body : JSON.stringify(body),
    });
  } catch (e) {
    if (offline()) throw needsConnection(path);
    throw new ApiError(`Could not reach sudokud at ${url} (${e.message}). Is it running${base.startsWith(location.origin) ? '' : ', and does its --cors-origins list this page'}?`, { path });
  }
  const type = resp.headers.get('Content-Type') || '';
  let data = null;
  if (type.includes('json')) {
    try {
      data = await resp.json();
    } catch {
      data = null;
    }
  }
  if (resp.ok && data !== null) return data;
  if (resp.status === 404 && path in FEATURE_NAMES) throw notAvailable(path, `${method} /${path} answered 404 Not Found`);
  if (data && data.title) throw new ApiError(problemText(data, resp.status), { status: resp.status, problem: data, path });
  if (resp.ok) throw new ApiError(`The server answered /${path} with something that is not JSON (${type || 'no type'}).`, { status: resp.status, path });
  const why = resp.status === 429 ? ': too many requests, wait a second and try again'
    : resp.status === 502 || resp.status === 504 ? ': the proxy found no sudokud behind it' : '';
  throw new ApiError(`The server answered ${method} /${path} with ${resp.status} ${resp.statusText}${why}.`, { status: resp.status, path });
}

let contract = null;

/**
 * Which optional endpoints this server has, from the paths of its /openapi.yaml:
 * resolves to {hint, rate, generate, scan, daily, convert} booleans (all false when the document cannot
 * be read, and then read is false too). Offline it is not asked, and asked when the connection is back.
 */
export function features() {
  if (!contract && offline()) return Promise.resolve({ hint: false, rate: false, generate: false, scan: false, daily: false, convert: false, read: false });
  if (!contract) {
    contract = fetch(new URL('openapi.yaml', base).href)
      .then((r) => (r.ok ? r.text() : ''))
      .catch(() => '')
      .then((text) => {
        const has = (p) => new RegExp(`^  /v1/${p}:`, 'm').test(text);
        return {
          hint: has('hint'), rate: has('rate'), generate: has('generate'), scan: has('scan'), daily: has('daily'), convert: has('convert'), read: text !== '',
        };
      });
  }
  return contract;
}
