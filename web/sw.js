// sw.js -- the page's service worker: its files kept on the device, so a page opened once
// loads and plays with no connection.
//
// Network first: with a connection every file comes from sudokud as before (revalidated, a 304
// when unchanged), so a new build shows at once; without one (or when sudokud answers with an
// error) the copy kept here is served. The copy is one build's: scripts/embed.sh writes the two
// lines below when it embeds this file, BUILD (a hash of the page's files) and FILES (their
// paths, relative to this script). A new build is thus a new sw.js, which the browser installs
// on the next visit: it fills a cache named for its build, takes over, and deletes the caches of
// other builds, so files of two builds are never served together. Only the page's files are
// handled here; the API and /openapi.yaml always go to the network.
const BUILD = 'unbuilt';
const FILES = [];

const PREFIX = 'sudokud-page-';
const CACHE = `${PREFIX}${BUILD}`;
const scope = new URL(self.registration.scope);
const urls = new Set(FILES.map((f) => new URL(f, scope).href));

self.addEventListener('install', (event) => {
  // no-cache: the copies are the server's current files, never a stale HTTP-cache entry
  event.waitUntil(caches.open(CACHE)
    .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: 'no-cache' }))))
    .then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET') return;
  // a visit to the page, whatever its query (?p=...), is the page itself
  const path = new URL(req.url).pathname;
  const page = req.mode === 'navigate' && (path === scope.pathname || path === `${scope.pathname}index.html`);
  if (!page && !urls.has(req.url)) return;
  const kept = () => caches.match(page ? scope.href : req, { cacheName: CACHE, ignoreVary: true });
  event.respondWith(fetch(req)
    .then((resp) => (resp.ok ? resp : kept().then((copy) => copy || resp)))
    .catch(() => kept().then((copy) => copy || Response.error())));
});
