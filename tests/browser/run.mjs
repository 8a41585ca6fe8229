// run.mjs -- the page's browser suite: Debian's chromium, headless, against a real sudokud.
//
//   node tests/browser/run.mjs [NAME-REGEX]      (from the repository root; `make test-browser`)
//
// Environment: SUDOKUD_BIN (default build/sudokud), CHROMIUM (default /usr/bin/chromium),
// SCREENSHOTS (folder for page-desktop.png, page-phone.png and page-variant.png; default build/browser;
// `make screenshots` sets docs). Exit status 0 only when every case passed.
//
// The page is found the way a person using assistive technology finds it: by roles and
// names (grid "Sudoku board", gridcell "row R column C", buttons "Solve", "Check", ...), and
// its answers are checked against sudokud's own answers to the same requests.

import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import {
  api, assert, chromiumVersion, closeBrowser, equal, launch, runCases, startNginx, startServer, stopServers, Failure,
} from './harness.mjs';

const SHOTS = process.env.SCREENSHOTS || 'build/browser';

// top95.txt line 1 (17 givens, unique)
const P9 = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
// easy50.txt line 1, the page's default puzzle
const EASY = '..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..';
const P6 = '..6.53...2..164.....5..465...13.156.';
const P16 = '2F3.54A.E6...D9CD89....B.5.A.2.7.EG..F328C..4..514A5.89DF72.E.G6F7.G3.1.69....DA.....6.E5.4..F2G4...A.D8..F26EB.E...G7..CA...413.B....53.896..C...68E.7..4AC.35.325F.1C.BE.7.968A1C48.692.35BG7E7.FB2..59D..AC8..9E...F.A.C8354.53421A8.GB7F..E..A8..9E..25....B';
// issue 24's puzzle on which the old page's hints got stuck (needs chains of wings)
const HARD = '48.3............71.2.......7.5....6....2..8.............1.76...3.....4......5....';
// tests/data/jigsaw.txt and diagonal.txt, first 9x9 lines
const JIGSAW = '.628..7.98..7.......35..89..97.64.......2...........2.2.69.......1..23.5.3....2..';
const JIGSAW_REGIONS = '111222333141222333141252363441255366741555666744585966744589996777889899777888899';
const DIAG = '.37..2..1........7...6379..1.......8...47...9...2.847.........4.......9..2.1837.5';
// `build/sudoku random --size 25 --density 0.6 --seed 7` (several solutions: the page shows the first)
const P25 = readFileSync(new URL('p25.txt', import.meta.url), 'utf8').trim();
// a killer with thermometers drawn on EASY's solution (variant-fixture.mjs made it): the f-puzzles
// object, and its f-puzzles link
const KILLER = JSON.parse(readFileSync(new URL('killer-thermo.json', import.meta.url), 'utf8'));
const KILLER_LINK = readFileSync(new URL('killer-thermo.link', import.meta.url), 'utf8').trim();

let server;

// named in another case's note, which leaves the photo to it
const SCAN_PHOTO_CASE = 'scan: a photo from tests/data/scan/ goes to the server and its reading loads onto the board, doubtful cells outlined, pencil marks as notes';

// ---- helpers ----

const board = (page) => page.getByRole('grid', { name: 'Sudoku board' });
const cell = (page, r, c) => board(page).getByRole('gridcell', { name: `row ${r} column ${c}`, exact: true });
const button = (page, name) => page.getByRole('button', { name, exact: true });
const sym = (v) => (v <= 9 ? String(v) : String.fromCharCode(55 + v));
const cellsOf = (text) => [...text].map((ch) => (ch === '.' ? '' : ch));

async function open(openPage, query = '', options = {}) {
  const w = await openPage(options);
  await w.page.goto(`${server.url}${query}`);
  await w.page.locator('html[data-ready=true]').waitFor();
  return w;
}

/** A GET of path from the test's sudokud with these headers, its bytes untouched (no gunzip):
 * resolves to {status, headers, body (a Buffer)}. */
function get(path, headers = {}) {
  return new Promise((resolve, reject) => {
    http.get(new URL(path, server.url), { headers }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => resolve({ status: r.statusCode, headers: r.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** Waits until the role=status region's text matches re; fails with what it says instead. */
async function status(page, re, timeout = 10000) {
  const region = page.getByRole('status');
  const until = Date.now() + timeout;
  let text = '';
  while (Date.now() < until) {
    text = (await region.textContent()) || '';
    if (re.test(text)) return text;
    await page.waitForTimeout(50);
  }
  throw new Failure(`status should match ${re}, says: "${text}"`);
}

/** [{name, text, invalid, readonly, cls}] of every cell, in DOM order. */
function readBoard(page) {
  return board(page).getByRole('gridcell').evaluateAll((els) => els.map((e) => ({
    name: e.getAttribute('aria-label'),
    text: e.textContent,
    invalid: e.getAttribute('aria-invalid') === 'true',
    readonly: e.getAttribute('aria-readonly') === 'true',
    description: e.getAttribute('aria-description'),
    cls: e.className,
  })));
}

/** Every cell named row R column C in order, holding expected[i] ('' for blank). */
async function expectBoard(page, expected, what) {
  const cells = await readBoard(page);
  const n = Math.round(Math.sqrt(expected.length));
  equal(cells.length, expected.length, `${what}: number of cells`);
  cells.forEach((c, i) => {
    equal(c.name, `row ${Math.floor(i / n) + 1} column ${(i % n) + 1}`, `${what}: name of cell ${i}`);
    if (c.text !== expected[i])
      throw new Failure(`${what}: ${c.name} holds "${c.text}", expected "${expected[i]}"`);
  });
  return cells;
}

async function loadText(page, text) {
  await page.getByRole('textbox', { name: 'Puzzle', exact: true }).fill(text);
  await button(page, 'Load').click();
}

/** The solver's answer for a body, as a flat list of symbols. */
async function solution(body) {
  const r = await api(server, 'v1/solve', body);
  equal(r.status, 200, `POST /v1/solve ${JSON.stringify(body).slice(0, 60)}`);
  return { ...r.json, cells: [...r.json.solution] };
}

/** Solve, and Reveal in the dialog that asks first. */
async function reveal(page) {
  await button(page, 'Solve').click();
  await page.getByRole('dialog', { name: 'Reveal the solution?' }).getByRole('button', { name: 'Reveal', exact: true }).click();
}

async function solveAndCompare(page, body, what) {
  const ref = await solution(body);
  await reveal(page);
  await status(page, /^(Solved|This puzzle has more than one solution)/);
  await expectBoard(page, ref.cells, `${what} after Solve`);
  return ref;
}

/**
 * axe-core's WCAG checks on the page as it is now; fails on any violation. One rule is set
 * aside for the cells alone: issue 12 names each cell by its place ("row 1 column 5"), so its
 * digit is not part of its name (label-content-name-mismatch); the digit is the cell's text
 * and its aria-description.
 */
async function axeScan(page, what) {
  await page.addScriptTag({ path: fileURLToPath(new URL('node_modules/axe-core/axe.min.js', import.meta.url)) });
  const found = await page.evaluate(() => window.axe.run(document, { resultTypes: ['violations'] }));
  const left = found.violations.map((v) => ({
    ...v, nodes: v.nodes.filter((n) => !(v.id === 'label-content-name-mismatch' && /^<div role="gridcell" aria-label="row \d+ column \d+"/.test(n.html))),
  })).filter((v) => v.nodes.length);
  assert(left.length === 0, `${what}: accessibility violations:\n${left.map((v) =>
    `      ${v.impact} ${v.id} (${v.help}) at ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`).join('\n')}`);
}

// ---- the cases ----

const cases = [
  {
    name: 'load: the pasted puzzle is on the board, givens marked and read-only, the URL shares it',
    async run(openPage) {
      const { page } = await open(openPage);
      await loadText(page, P9);
      await status(page, /^Loaded a 9x9 puzzle with 17 givens\./);
      const cells = await expectBoard(page, cellsOf(P9), 'loaded');
      cells.forEach((c, i) => equal(c.readonly, P9[i] !== '.', `${c.name} aria-readonly`));
      assert(new URL(page.url()).searchParams.get('p') === P9, `the URL holds the puzzle: ${page.url()}`);
      // an entry looks different from a given
      await cell(page, 1, 2).click();
      await page.keyboard.press('1');
      const style = (r, c) => cell(page, r, c).evaluate((e) => `${getComputedStyle(e).color} ${getComputedStyle(e).fontWeight}`);
      const given = await style(1, 1), entry = await style(1, 2);
      assert(given !== entry, `a given (${given}) and an entry (${entry}) look different`);
      // the address, opened elsewhere, shows the same puzzle and the entry
      const other = await open(openPage, new URL(page.url()).search);
      const expected = cellsOf(P9);
      expected[1] = '1';
      await expectBoard(other.page, expected, 'the shared URL');
    },
  },
  {
    name: 'solve: every cell is the solver\'s answer; stats and timings shown',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${P9}`);
      const ref = await solveAndCompare(page, { puzzle: P9 }, '9x9');
      const stats = page.getByRole('region', { name: 'Solver' });
      const dd = async (term) => stats.getByRole('term').filter({ hasText: new RegExp(`^${term}$`) })
        .evaluate((dt) => dt.nextElementSibling.textContent);
      equal(await dd('Search nodes'), String(ref.stats.nodes), 'search nodes shown');
      equal(await dd('Hidden singles'), String(ref.stats.hidden_singles), 'hidden singles shown');
      assert(/^\d+ µs$/.test(await dd('Solve time')), 'solve time in µs');
      assert(/^\d+\.\d ms$/.test(await dd('Round trip')), 'round trip in ms');
      await status(page, /^Solved: the solution is unique\.$/);
    },
  },
  {
    name: 'check: a conflicting and a wrong digit get aria-invalid, a right one does not',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${P9}`);
      const sol = (await solution({ puzzle: P9 })).cells;
      // r1c2: a 4, as the given r1c1 (a conflict); r1c3: a digit no given forbids but wrong;
      // r1c4: the right digit
      const peers = (i) => [...P9].filter((ch, j) => ch !== '.' && j !== i && (
        Math.floor(j / 9) === Math.floor(i / 9) || j % 9 === i % 9 ||
        (Math.floor(j / 27) === Math.floor(i / 27) && Math.floor((j % 9) / 3) === Math.floor((i % 9) / 3))));
      const wrong = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].find((d) => d !== sol[2] && !peers(2).includes(d) && d !== '4');
      assert(wrong, 'a wrong digit without conflict exists for r1c3');
      for (const [c, d] of [[2, '4'], [3, wrong], [4, sol[3]]]) {
        await cell(page, 1, c).click();
        await page.keyboard.press(d);
      }
      await button(page, 'Check').click();
      await status(page, /^2 cells are wrong: r1c2, r1c3\./);
      const cells = await readBoard(page);
      equal(cells.filter((c) => c.invalid).map((c) => c.name), ['row 1 column 2', 'row 1 column 3'], 'cells marked aria-invalid');
      assert(/conflicts with r1c1 in row 1/.test(cells[1].description), `r1c2 says why: ${cells[1].description}`);
      assert(/not the right digit/.test(cells[2].description), `r1c3 says why: ${cells[2].description}`);
      // mend r1c2: marks are cleared by the edit, and the next check finds only r1c3
      await cell(page, 1, 2).click();
      await page.keyboard.press(sol[1]);
      equal((await readBoard(page)).filter((c) => c.invalid).length, 0, 'an edit clears the marks');
      await button(page, 'Check').click();
      await status(page, /^1 cell is wrong: r1c3\./);
      equal(await cell(page, 1, 3).getAttribute('aria-invalid'), 'true', 'r1c3 still wrong');
      equal(await cell(page, 1, 2).getAttribute('aria-invalid'), null, 'r1c2 now right');
    },
  },
  {
    name: 'keyboard only: tab to the board, move, enter, pencil marks, undo/redo, finish, check',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      const sol = (await solution({ puzzle: EASY })).cells;
      const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label') || document.activeElement.textContent);
      for (let k = 0; k < 10 && (await focused()) !== 'row 1 column 1'; k++) await page.keyboard.press('Tab');
      equal(await focused(), 'row 1 column 1', 'Tab reaches the board at its first cell');
      const moves = [['ArrowRight', 'row 1 column 2'], ['ArrowRight', 'row 1 column 3'], ['ArrowDown', 'row 2 column 3'],
        ['ArrowLeft', 'row 2 column 2'], ['ArrowUp', 'row 1 column 2'], ['ArrowUp', 'row 1 column 2'], ['End', 'row 1 column 9'],
        ['Home', 'row 1 column 1'], ['Control+End', 'row 9 column 9'], ['Control+Home', 'row 1 column 1']];
      for (const [key, name] of moves) {
        await page.keyboard.press(key);
        equal(await focused(), name, `after ${key}`);
      }
      const desc = () => cell(page, 1, 1).getAttribute('aria-description');
      // pencil marks: Space toggles the mode
      await page.keyboard.press(' ');
      await status(page, /^Notes mode on/);
      equal(await button(page, 'Notes').getAttribute('aria-pressed'), 'true', 'Notes pressed');
      await page.keyboard.press('1');
      await page.keyboard.press('5');
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      equal(await desc(), 'pencil marks 2 5', 'pencil marks toggled');
      await page.keyboard.press(' ');
      await status(page, /^Notes mode off/);
      await page.keyboard.press(sol[0]);
      equal(await cell(page, 1, 1).textContent(), sol[0], 'digit entered');
      await page.keyboard.press('Backspace');
      equal(await cell(page, 1, 1).textContent(), '', 'Backspace clears');
      await page.keyboard.press('Control+z');
      equal(await cell(page, 1, 1).textContent(), sol[0], 'undo brings the digit back');
      await page.keyboard.press('Control+z');
      equal(await desc(), 'pencil marks 2 5', 'undo brings the pencil marks back');
      await page.keyboard.press('Control+y');
      equal(await cell(page, 1, 1).textContent(), sol[0], 'redo');
      // a given does not change
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('9');
      await status(page, /^r1c3 is a given: it cannot change\.$/);
      equal(await cell(page, 1, 3).textContent(), EASY[2], 'the given r1c3 is unchanged');
      // fill the rest, row by row, with arrows only
      await page.keyboard.press('Control+Home');
      for (let r = 0; r < 9; r++) {
        for (let c = 0; c < 9; c++) {
          if (EASY[r * 9 + c] === '.') await page.keyboard.press(sol[r * 9 + c]);
          if (c < 8) await page.keyboard.press('ArrowRight');
        }
        await page.keyboard.press('Home');
        await page.keyboard.press('ArrowDown');
      }
      await expectBoard(page, sol, 'filled by keyboard');
      for (let k = 0; k < 30 && (await focused()) !== 'Check'; k++) await page.keyboard.press('Tab');
      equal(await focused(), 'Check', 'Tab reaches Check');
      await page.keyboard.press('Enter');
      await status(page, /^Solved: every cell is right\.$/);
    },
  },
  {
    name: '16x16: letters are entered, 4x4 box borders, solved cell by cell',
    async run(openPage) {
      const { page } = await open(openPage);
      await loadText(page, P16);
      await status(page, /^Loaded a 16x16 puzzle/);
      const cells = await expectBoard(page, cellsOf(P16), '16x16 loaded');
      const edge = (r, c, e) => cells[(r - 1) * 16 + c - 1].cls.split(' ').includes(`edge-${e}`);
      assert(edge(1, 4, 'right') && edge(1, 8, 'right') && !edge(1, 5, 'right') && !edge(1, 16, 'right'), 'vertical box lines after columns 4, 8, 12');
      assert(edge(4, 1, 'bottom') && !edge(5, 1, 'bottom'), 'horizontal box lines after rows 4, 8, 12');
      await cell(page, 1, 4).click();
      await page.keyboard.press('g');
      equal(await cell(page, 1, 4).textContent(), 'G', 'the key g enters 16');
      await page.keyboard.press('Delete');
      await solveAndCompare(page, { puzzle: P16 }, '16x16');
    },
  },
  {
    name: 'shapes: 6x6 boxes of 2x3, a jigsaw\'s regions, a diagonal, a 25x25',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${P6}`);
      let cells = await expectBoard(page, cellsOf(P6), '6x6');
      const edges = (n, e) => cells.map((c) => c.cls.split(' ').includes(`edge-${e}`) ? 1 : 0).join('');
      equal(edges(6, 'right'), '001000'.repeat(6), '6x6: a line after column 3');
      equal(edges(6, 'bottom'), `${'0'.repeat(6)}${'1'.repeat(6)}${'0'.repeat(6)}${'1'.repeat(6)}${'0'.repeat(12)}`, '6x6: lines after rows 2 and 4');
      await solveAndCompare(page, { puzzle: P6 }, '6x6');

      // the 6x6's 2x3 box is shown in the open Shape section; a 9x9 pasted now drops it
      equal(await page.getByRole('textbox', { name: 'Box (rows x columns)' }).inputValue(), '2x3', 'the box shown');
      await loadText(page, P9);
      await status(page, /^Loaded a 9x9 puzzle with 17 givens\./);
      await page.getByRole('textbox', { name: 'Box (rows x columns)' }).fill('');
      await page.getByRole('textbox', { name: 'Jigsaw regions (one label a cell)' }).fill(JIGSAW_REGIONS);
      await loadText(page, JIGSAW);
      await status(page, /^Loaded a 9x9, jigsaw puzzle/);
      cells = await readBoard(page);
      cells.forEach((c, i) => {
        const right = i % 9 < 8 && JIGSAW_REGIONS[i] !== JIGSAW_REGIONS[i + 1];
        const below = i < 72 && JIGSAW_REGIONS[i] !== JIGSAW_REGIONS[i + 9];
        equal([c.cls.includes('edge-right'), c.cls.includes('edge-bottom')], [right, below], `jigsaw borders of ${c.name}`);
      });
      await axeScan(page, 'jigsaw');
      await solveAndCompare(page, { puzzle: JIGSAW, regions: JIGSAW_REGIONS }, 'jigsaw');
      assert(new URL(page.url()).searchParams.get('regions'), 'the URL holds the regions');

      await loadText(page, JSON.stringify({ puzzle: DIAG, diagonal: true }));
      await status(page, /^Loaded a 9x9, diagonal puzzle/);
      cells = await readBoard(page);
      cells.forEach((c, i) => equal(c.cls.includes('diag'), i % 10 === 0 || (i % 8 === 0 && i > 0 && i < 80), `diagonal shading of ${c.name}`));
      await solveAndCompare(page, { puzzle: DIAG, diagonal: true }, 'diagonal');
      equal(new URL(page.url()).searchParams.get('diagonal'), '1', 'the URL says diagonal');

      await page.getByRole('checkbox', { name: 'Diagonal (X-Sudoku)' }).uncheck();
      await loadText(page, P25);
      await status(page, /^Loaded a 25x25 puzzle/);
      await expectBoard(page, cellsOf(P25), '25x25 loaded');
      await solveAndCompare(page, { puzzle: P25 }, '25x25');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
      assert(!wide, '25x25 fits a 1280 px window without a horizontal scroll');
    },
  },
  {
    name: 'phone: 390 px wide, dark, no horizontal scroll, 9x9 cells of 32 px or more, touch pad',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`, {
        viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'dark',
      });
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      assert(width[0] <= width[1], `no horizontal scroll: page ${width[0]} px in a ${width[1]} px window`);
      const sizes = await board(page).getByRole('gridcell').evaluateAll((els) => els.map((e) => e.getBoundingClientRect()));
      const small = sizes.filter((b) => b.width < 32 || b.height < 32);
      equal(small.length, 0, `cells under 32 px (first: ${JSON.stringify(small[0])})`);
      const right = Math.max(...sizes.map((b) => b.right));
      assert(right <= 390, `the board ends inside the screen (${right} px)`);
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      const [r, g, b] = bg.match(/\d+/g).map(Number);
      assert(r + g + b < 150, `dark mode: the background is dark (${bg})`);
      const sol = (await solution({ puzzle: EASY })).cells;
      await cell(page, 1, 1).tap();
      await button(page, `Enter ${sol[0]}`).tap();
      equal(await cell(page, 1, 1).textContent(), sol[0], 'a digit entered by touch');
      await cell(page, 1, 2).tap();
      await button(page, 'Notes').tap();
      for (const d of ['4', '5', '7']) await button(page, `Enter ${d}`).tap();
      await button(page, 'Notes').tap();
      await cell(page, 1, 4).tap();
      await button(page, 'Enter 1').tap();
      await button(page, 'Check').tap();
      await status(page, /wrong|No mistakes/);
      await axeScan(page, 'phone, dark');
      mkdirSync(SHOTS, { recursive: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/page-phone.png` });
    },
  },
  {
    name: 'errors are said in words: unreadable input, conflicting givens (422), a server gone',
    async run(openPage) {
      const { page } = await open(openPage);
      await loadText(page, '12345');
      await status(page, /^Cannot load the puzzle: 5 cells is not a square grid/);
      await loadText(page, `44${P9.slice(2)}`);
      await status(page, /^Loaded/);
      await reveal(page);
      const said = await status(page, /^Conflicting givens \(422\)/);
      assert(/r1c1 and r1c2 repeat 4 in row 1/.test(said), `the conflict is named: ${said}`);
      equal(await page.getByRole('status').getAttribute('data-kind'), 'error', 'shown as an error');

      const gone = await startServer();
      const w = await openPage();
      await w.page.goto(`${gone.url}?p=${P9}`);
      await w.page.locator('html[data-ready=true]').waitFor();
      // the rating asked at load must be answered before the server goes
      await w.page.waitForFunction(() => document.getElementById('rating').textContent !== 'asking the server...');
      gone.proc.kill('SIGKILL');
      await new Promise((res) => gone.proc.once('exit', res));
      await reveal(w.page);
      await status(w.page, /^Could not reach sudokud at http:\/\/127\.0\.0\.1:\d+\/v1\/solve/);
      return {
        allow: [{ url: '/v1/solve', text: '422' }, { url: `${gone.origin}/v1/solve`, text: 'ERR_CONNECTION_REFUSED' }],
      };
    },
  },
  {
    name: 'hint, rating, new puzzle: the page follows what this server offers',
    async run(openPage) {
      const { page, requests } = await open(openPage, `?p=${P9}`);
      const probe = {
        hint: (await api(server, 'v1/hint', { puzzle: P9 })).status,
        rate: (await api(server, 'v1/rate', { puzzle: P9 })).status,
        generate: (await api(server, 'v1/generate', { difficulty: 'easy', count: 1 })).status,
      };
      const notes = [];
      const board = cellsOf(P9); // what the board should hold when New puzzle is refused
      const rating = page.locator('#rating');
      if (probe.rate === 404) {
        await page.waitForFunction(() => document.getElementById('rating').textContent !== 'asking the server...');
        assert(/^not available on this server/.test(await rating.textContent()), `rating says it is not available: ${await rating.textContent()}`);
        notes.push('rate: 404, said so');
      } else {
        const ref = await api(server, 'v1/rate', { puzzle: P9 });
        await page.waitForFunction((level) => document.getElementById('rating').textContent.includes(level), ref.json.level);
        notes.push('rate: present, level shown');
      }
      if (probe.hint === 404) {
        await button(page, 'Hint').click();
        await status(page, /^Hints are not available on this server/);
        notes.push('hint: 404, said so');
      } else {
        const ref = await api(server, 'v1/hint', { puzzle: P9, entries: '.'.repeat(81) });
        equal(ref.json.kind, 'step', 'the API gives a step for a fresh puzzle');
        await button(page, 'Hint').click();
        await status(page, /^Hint, 1 of 3: look for /);
        await button(page, 'Hint').click();
        const said = await status(page, /^Hint, 2 of 3: /);
        assert(said.includes(ref.json.step.text), `the step's text is shown: ${said}`);
        await button(page, 'Hint').click();
        await status(page, /^Applied/);
        for (const p of ref.json.step.placements || []) {
          equal(await cell(page, p.row + 1, p.col + 1).textContent(), sym(p.digit), 'the hint is applied');
          board[p.row * 9 + p.col] = sym(p.digit);
        }
        notes.push('hint: present, shown and applied');
      }
      await page.getByRole('combobox', { name: 'Difficulty' }).selectOption('easy');
      if (probe.generate === 404) {
        await button(page, 'New puzzle').click();
        await status(page, /^New puzzles are not available on this server/);
        await expectBoard(page, board, 'the board is kept');
        notes.push('generate: 404, said so');
      } else {
        await button(page, 'New puzzle').click();
        await status(page, /New easy puzzle, seed \d+/);
        const p = new URL(page.url()).searchParams.get('p');
        assert(p && p !== P9, 'a new puzzle in the URL');
        await page.waitForFunction(() => /easy/.test(document.getElementById('rating').textContent));
        notes.push('generate: present, loaded');
      }
      // the page asked nothing it knew this server lacks
      for (const f of ['hint', 'rate', 'generate'])
        if (probe[f] === 404) assert(!requests.some((u) => u.includes(`/v1/${f}`)), `no request to /v1/${f}`);
      return { note: notes.join('; ') };
    },
  },
  {
    name: 'cross-origin: the page of one sudokud uses another\'s API (?api=, --cors-origins)',
    async run(openPage) {
      const other = await startServer(['--cors-origins', server.origin]);
      const { page, requests } = await open(openPage, `?api=${encodeURIComponent(other.url)}&p=${P9}`);
      await solveAndCompare(page, { puzzle: P9 }, 'cross-origin');
      const calls = requests.filter((u) => u.includes('/v1/'));
      assert(calls.length > 0 && calls.every((u) => u.startsWith(other.origin)), `API calls go to ${other.origin}: ${calls}`);
      await cell(page, 1, 2).click();
      await page.keyboard.press('Delete');
      await page.keyboard.press('9');
      await button(page, 'Check').click();
      await status(page, /^1 cell is wrong: r1c2\./);
      other.proc.kill('SIGTERM');
    },
  },
  {
    name: 'behind nginx: the page and its API through deploy/nginx.conf, as docker-compose runs it',
    async run(openPage) {
      const proxy = await startNginx([server]);
      const w = await openPage();
      await w.page.goto(`${proxy.url}?p=${P9}`);
      await w.page.locator('html[data-ready=true]').waitFor();
      await solveAndCompare(w.page, { puzzle: P9 }, 'behind nginx');
      await button(w.page, 'Check').click();
      await status(w.page, /^Solved: every cell is right\.$/);
      const calls = w.requests.filter((u) => u.includes('/v1/'));
      assert(calls.length > 0 && calls.every((u) => u.startsWith(proxy.origin)), `API calls go through nginx: ${calls}`);
      proxy.proc.kill('SIGTERM');
    },
  },
  {
    name: 'accessibility: axe-core finds no WCAG violation, light and dark, with wrong cells and a hint',
    async run(openPage) {
      for (const colorScheme of ['light', 'dark']) {
        const { page } = await open(openPage, `?p=${EASY}`, { colorScheme });
        await axeScan(page, `${colorScheme}, as loaded`);
        await cell(page, 1, 1).click();
        await page.keyboard.press('9');
        await page.keyboard.press('ArrowRight');
        await page.keyboard.press(' ');
        await page.keyboard.press('4');
        await page.keyboard.press('7');
        await button(page, 'Check').click();
        await status(page, /^1 cell is wrong: r1c1\./);
        await axeScan(page, `${colorScheme}, after Check`);
        await button(page, 'Hint').click();
        // the wrong r1c1 is what a hint points out first; without /v1/hint the page says so
        await status(page, /^Hint|not available|contradicts the solution: r1c1/);
        await axeScan(page, `${colorScheme}, after Hint`);
      }
    },
  },
  {
    name: 'hint 1: stages, then applied; 45 presses on a hard puzzle place 10+ right digits and no wrong one',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${HARD}`);
      const sol = (await solution({ puzzle: HARD })).cells;
      await button(page, 'Hint').click();
      await status(page, /^Hint, 1 of 3: look for an? .+ in (box|row|column) \d/);
      await button(page, 'Hint').click();
      await status(page, /^Hint, 2 of 3: r\d+c\d+ = \d/);
      equal((await readBoard(page)).filter((c) => c.cls.includes('hint-cell')).length > 0, true, 'stage 2 highlights the cells');
      let struck = 0, eliminations = 0;
      for (let k = 2; k < 45; k++) {
        await button(page, 'Hint').click();
        const said = await status(page, /^(Hint|Applied|Revealed|Took back)/);
        if (/^Hint, 2 of 3/.test(said)) struck += (await readBoard(page)).filter((c) => /the hint removes/.test(c.description)).length;
        if (/^Applied: (pointing|claiming|naked pair|hidden pair|XY|X-Wing)/i.test(said)) eliminations++;
        assert(!/contradicts/.test(said), `no mistake on the board: ${said}`);
      }
      const cells = await readBoard(page);
      let right = 0;
      cells.forEach((c, i) => {
        // a placed digit is described by itself; notes and blanks are described as such
        if (HARD[i] !== '.' || /^(pencil marks|empty)/.test(c.description)) return;
        if (c.text !== sol[i]) throw new Failure(`${c.name} holds ${c.text}, the solution has ${sol[i]}`);
        right++;
      });
      assert(right >= 10, `45 presses placed ${right} right digits (10 or more expected)`);
      assert(struck > 0 && eliminations > 0, `steps that only remove candidates were drawn (${struck} struck cells) and applied (${eliminations})`);
      return { note: `${right} digits placed, ${eliminations} elimination steps applied` };
    },
  },
  {
    name: 'hint 8: on a 16x16 the hint texts name digits as the board does (letters above 9)',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${P16}`);
      let letters = 0;
      for (let k = 0; k < 30 && letters === 0; k++) {
        await button(page, 'Hint').click();
        const said = await status(page, /^(Hint|Applied|Revealed)/);
        assert(!/(= |removes |place for |digit )1[0-6]\b/.test(said), `a digit above 9 written as a number: ${said}`);
        if (/= [A-G]\b/.test(said)) letters++;
      }
      assert(letters > 0, 'a hint named a digit above 9 by its letter');
      // a server that already writes symbols, and numbers that name units, pass unchanged
      const texts = await page.evaluate(async () => {
        const { symbolText } = await import('./puzzle.js');
        return ['r12c14 = E: the only place for E in box 12', 'pointing: in box 1, 15 can only go in row 12: removes 15 from r2c4',
          'hidden pair: in column 14, 12 and 13 go only in r3c14 and r6c14: removes 10 from r3c14'].map((t) => symbolText(t, 16));
      });
      equal(texts, ['r12c14 = E: the only place for E in box 12', 'pointing: in box 1, F can only go in row 12: removes F from r2c4',
        'hidden pair: in column 14, C and D go only in r3c14 and r6c14: removes A from r3c14'], 'texts in symbols');
    },
  },
  {
    name: 'notes 2: notes mode, fill candidates, undo and redo over entries, notes and applied hints',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      const sol = (await solution({ puzzle: EASY })).cells;
      const other = sol[0] === '4' ? '5' : '4'; // r1c1's candidates are 4 and 5
      const desc = (r, c) => cell(page, r, c).getAttribute('aria-description');
      await button(page, 'Fill candidates').click();
      await status(page, /^Filled in the candidates of \d+ cells/);
      // r1c1 of EASY: row 1 holds 3 2 6, column 1 holds 9 7 8, box 1 holds 3 9 1 8
      equal(await desc(1, 1), 'pencil marks 4 5', 'r1c1 candidates');
      await button(page, 'Notes').click();
      await cell(page, 1, 1).click();
      await page.keyboard.press(other);
      equal(await desc(1, 1), `pencil marks ${sol[0]}`, 'a note toggled off in notes mode');
      await button(page, 'Notes').click();
      await cell(page, 1, 1).click();
      await page.keyboard.press(sol[0]);
      equal(await cell(page, 1, 1).textContent(), sol[0], 'a digit entered');
      for (const c of [2, 4, 5, 7, 8, 9]) {
        const d = await desc(1, c);
        assert(!d.startsWith('pencil') || !d.split(' ').includes(sol[0]), `placing ${sol[0]} strikes it from r1c${c}'s notes: ${d}`);
      }
      for (let k = 0; k < 3; k++) await button(page, 'Hint').click();
      await status(page, /^Applied/);
      const shown = async () => JSON.stringify((await readBoard(page)).map((c) => [c.text, c.description]));
      const applied = await shown();
      assert(!(await readBoard(page)).some((c) => /hint-/.test(c.cls)), 'an applied hint is no longer highlighted');
      for (const [step, check] of [
        ['undo the hint', async () => (await shown()) !== applied],
        [`undo the ${sol[0]}`, async () => (await desc(1, 1)) === `pencil marks ${sol[0]}`],
        ['undo the note', async () => (await desc(1, 1)) === 'pencil marks 4 5'],
        ['undo the fill', async () => (await desc(1, 1)) === 'empty'],
      ]) {
        await button(page, 'Undo').click();
        assert(await check(), `${step}: r1c1 holds "${await cell(page, 1, 1).textContent()}", ${await desc(1, 1)}`);
      }
      for (let k = 0; k < 4; k++) await button(page, 'Redo').click();
      equal(await shown(), applied, 'redo brings every step back');
    },
  },
  {
    name: 'highlight 3: the selected cell\'s row, column and box and its digit, at 3:1 or more against a plain cell',
    async run(openPage) {
      for (const colorScheme of ['light', 'dark']) {
        const { page } = await open(openPage, `?p=${EASY}`, { colorScheme });
        await cell(page, 1, 3).click(); // a given 3
        const info = await board(page).getByRole('gridcell').evaluateAll((els) => {
          const lum = (css) => {
            const [r, g, b] = css.match(/[\d.]+/g).slice(0, 3).map((x) => {
              const c = Number(x) / 255;
              return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
            });
            return 0.2126 * r + 0.7152 * g + 0.0722 * b;
          };
          return els.map((e) => ({ name: e.getAttribute('aria-label'), text: e.textContent, lum: lum(getComputedStyle(e).backgroundColor) }));
        });
        const plain = info[80].lum; // r9c9: no peer of r1c3, holds no 3
        const ratio = (l) => (Math.max(l, plain) + 0.05) / (Math.min(l, plain) + 0.05);
        const peers = [2, 4, 18, 20, 27 + 2, 72 + 2, 9, 10];
        for (const i of peers) assert(ratio(info[i].lum) >= 3, `${colorScheme}: ${info[i].name} (same row, column or box) at ${ratio(info[i].lum).toFixed(2)}:1`);
        const threes = info.map((c, i) => [c, i]).filter(([c, i]) => c.text === '3' && i !== 2);
        assert(threes.length > 0, 'other 3s on the board');
        for (const [c] of threes) assert(ratio(c.lum) >= 3, `${colorScheme}: ${c.name} (another 3) at ${ratio(c.lum).toFixed(2)}:1`);
        await axeScan(page, `${colorScheme}, highlighted`);
      }
    },
  },
  {
    name: 'timer 4 and finish 5: it counts, pauses while hidden, stops at "Solved in" with the time and the rating',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      const sol = (await solution({ puzzle: EASY })).cells;
      const timer = page.getByRole('timer');
      await page.waitForFunction(() => document.querySelector('[role=timer]').textContent !== '0:00', null, { timeout: 5000 });
      const hide = (hidden) => page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', { value: h ? 'hidden' : 'visible', configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
      await hide(true);
      const paused = await timer.textContent();
      await page.waitForTimeout(2200);
      equal(await timer.textContent(), paused, 'the timer stands still while the page is hidden');
      await hide(false);
      await page.waitForFunction((t) => document.querySelector('[role=timer]').textContent !== t, paused, { timeout: 5000 });
      await page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent));
      for (let i = 0; i < 81; i++) {
        if (EASY[i] !== '.') continue;
        await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
        await page.keyboard.press(sol[i]);
      }
      const said = await status(page, /^Solved in \d+:\d\d, rating [\d.]+ \((easy|medium|hard|expert|extreme)\)/);
      const stopped = await timer.textContent();
      assert(said.includes(stopped), `the finish names the time on the timer (${stopped}): ${said}`);
      await page.waitForTimeout(1500);
      equal(await timer.textContent(), stopped, 'the timer stopped');
    },
  },
  {
    name: 'mistakes 5: not marked as typed by default, marked when that is on; Check always marks',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      const sol = (await solution({ puzzle: EASY })).cells;
      const wrong = sol[0] === '4' ? '5' : '4'; // r1c1's candidates are 4 and 5
      const option = page.getByRole('checkbox', { name: 'Mark mistakes as I type' });
      equal(await option.isChecked(), false, 'off by default');
      await cell(page, 1, 1).click();
      await page.keyboard.press(wrong);
      await page.waitForTimeout(500);
      equal(await cell(page, 1, 1).getAttribute('aria-invalid'), null, 'not marked while the option is off');
      await option.check();
      await page.waitForFunction(() => document.querySelector('[aria-label="row 1 column 1"]').getAttribute('aria-invalid') === 'true');
      await cell(page, 1, 1).click();
      await page.keyboard.press(sol[0]);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press(sol[3] === '4' ? '7' : '4');
      await page.waitForFunction(() => document.querySelector('[aria-label="row 1 column 4"]').getAttribute('aria-invalid') === 'true');
      equal(await cell(page, 1, 1).getAttribute('aria-invalid'), null, 'the mended r1c1 is no longer marked');
      await option.uncheck();
      equal(await cell(page, 1, 4).getAttribute('aria-invalid'), null, 'turning it off clears the marks');
      await button(page, 'Check').click();
      await status(page, /^1 cell is wrong: r1c4\./);
    },
  },
  {
    name: 'solve 6: asks first; Cancel changes no cell',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      await cell(page, 1, 1).click();
      await page.keyboard.press('4');
      const before = await readBoard(page);
      await button(page, 'Solve').click();
      const dialog = page.getByRole('dialog', { name: 'Reveal the solution?' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await status(page, /board is unchanged/);
      equal(await dialog.isVisible(), false, 'the dialog is closed');
      equal(JSON.stringify(await readBoard(page)), JSON.stringify(before), 'no cell changed');
      await button(page, 'Solve').click();
      await page.keyboard.press('Escape');
      await status(page, /board is unchanged/);
      equal(JSON.stringify(await readBoard(page)), JSON.stringify(before), 'Escape changes no cell either');
    },
  },
  {
    name: 'pad 7: each digit says how many are left, and is disabled when none is',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      const sol = (await solution({ puzzle: EASY })).cells;
      const count = (d) => [...EASY].filter((ch) => ch === d).length;
      const d = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].sort((a, b) => count(b) - count(a))[0];
      const key = button(page, `Enter ${d}`);
      equal(await key.getAttribute('aria-description'), `${9 - count(d)} left`, `Enter ${d} says how many are left`);
      for (let i = 0; i < 81; i++) {
        if (EASY[i] !== '.' || sol[i] !== d) continue;
        await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
        await key.click();
      }
      equal(await key.getAttribute('aria-description'), '0 left', 'none left');
      assert(await key.isDisabled(), `Enter ${d} is disabled at zero`);
    },
  },
  {
    name: 'honest 8: clashing givens marked on load, a 16x16 past its time limit said plainly, a link\'s bad entries dropped',
    async run(openPage) {
      const { page } = await open(openPage, `?p=44${P9.slice(2)}`);
      await status(page, /Its givens clash \(marked\): r1c1, r1c2\./);
      const marked = (await readBoard(page)).filter((c) => c.invalid).map((c) => c.name);
      equal(marked, ['row 1 column 1', 'row 1 column 2'], 'the clashing givens carry aria-invalid as loaded');

      const other = await open(openPage, `?p=${P9}&e=5`);
      await expectBoard(other.page, cellsOf(P9), 'the link\'s puzzle is kept');
      await status(other.page, /entries in the link could not be read .* so they were dropped/);

      await loadText(page, P16);
      await status(page, /^Loaded a 16x16/);
      await page.getByRole('combobox', { name: 'Difficulty' }).selectOption('easy');
      const answer = page.waitForResponse((r) => r.url().endsWith('/v1/generate'), { timeout: 20000 });
      await button(page, 'New puzzle').click();
      const res = await (await answer).json();
      const p = res.puzzles[0];
      if (p.status === 'limit' && p.score === null) {
        await status(page, /No easy 16x16 within the time limit; here is an unrated one/, 20000);
        await page.waitForFunction(() => /unrated/.test(document.getElementById('rating').textContent));
      } else {
        await status(page, /^Loaded a 16x16/, 20000);
      }
      const text = await page.locator('body').textContent();
      assert(!/\bnull\b/.test(text), 'the page never says "null"');
      return { note: `generate answered ${p.status}, score ${p.score}` };
    },
  },
  {
    name: 'kept 9: a reload keeps the puzzle, entries, notes, time and undo history; a new puzzle replaces them',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`);
      await cell(page, 1, 1).click();
      await page.keyboard.press('4');
      await button(page, 'Notes').click();
      await cell(page, 1, 2).click();
      await page.keyboard.press('4');
      await page.keyboard.press('7');
      await page.waitForFunction(() => document.querySelector('[role=timer]').textContent >= '0:02', null, { timeout: 6000 });
      await page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent));
      await page.goto(server.url); // no ?p=: the kept game
      await page.locator('html[data-ready=true]').waitFor();
      equal(await cell(page, 1, 1).textContent(), '4', 'the typed digit is kept');
      equal(await cell(page, 1, 2).getAttribute('aria-description'), 'pencil marks 4 7', 'the notes are kept');
      const t = await page.getByRole('timer').textContent();
      assert(t >= '0:02', `the time goes on from where it was: ${t}`);
      await status(page, /Your game goes on where you left it/);
      await button(page, 'Undo').click();
      await button(page, 'Undo').click();
      equal(await cell(page, 1, 2).getAttribute('aria-description'), 'empty', 'undo reaches back before the reload');
      await button(page, 'Undo').click();
      equal(await cell(page, 1, 1).textContent(), '', 'to the first digit');
      await loadText(page, P9);
      await status(page, /^Loaded a 9x9 puzzle with 17 givens\.$/);
      await page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent)); // no request cut short
      await page.goto(server.url);
      await page.locator('html[data-ready=true]').waitFor();
      await expectBoard(page, cellsOf(P9), 'the new puzzle replaced the kept game');
      equal(await page.getByRole('timer').textContent(), '0:00', 'with its own time');
      assert(await button(page, 'Undo').isDisabled(), 'and no history');
    },
  },
  {
    name: 'layout 10: board and actions above the fold at 1280x800 and 390x844, pad under the board, messages beside it, no layout shift',
    async run(openPage) {
      for (const [width, height, phone] of [[1280, 800, false], [390, 844, true]]) {
        const w = await openPage({ viewport: { width, height }, isMobile: phone, hasTouch: phone });
        await w.page.addInitScript(() => {
          window.shifts = 0;
          new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.shifts += e.value; })
            .observe({ type: 'layout-shift', buffered: true });
        });
        await w.page.goto(`${server.url}?p=${EASY}`);
        await w.page.locator('html[data-ready=true]').waitFor();
        await w.page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent));
        const box = (l) => l.boundingBox();
        const grid = await box(board(w.page));
        const what = `${width}x${height}`;
        for (const name of ['Hint', 'Check', 'Undo', 'Notes']) {
          const b = await box(button(w.page, name));
          assert(b.y + b.height <= height, `${what}: ${name} above the fold (bottom at ${b.y + b.height})`);
        }
        assert(grid.y + grid.height <= height, `${what}: the board above the fold`);
        const pad = await box(w.page.getByRole('group', { name: 'Digits' }));
        const msg = await box(w.page.getByRole('status'));
        if (phone) {
          assert(pad.y > grid.y + grid.height && pad.y - (grid.y + grid.height) < 24, `${what}: the pad right under the board (${pad.y - grid.y - grid.height} px)`);
          assert(pad.y + pad.height <= height, `${what}: the pad above the fold`);
          assert(msg.y < height, `${what}: messages start above the fold`);
        } else {
          assert(msg.x >= grid.x + grid.width && msg.y < grid.y + grid.height / 2, `${what}: messages beside the board`);
        }
        const shifts = await w.page.evaluate(() => window.shifts);
        assert(shifts < 0.02, `${what}: cumulative layout shift ${shifts}`);
      }
    },
  },
  {
    name: 'served 11: gzip when accepted, Vary, ETag, Cache-Control; meta description and favicon',
    async run(openPage) {
      let sent = 0, files = 0;
      for (const path of ['/', '/app.js', '/app.css', '/board.js', '/puzzle.js', '/api.js', '/hint.js', '/practice.js', '/timer.js', '/store.js',
        '/scan.js', '/files.js', '/sw.js', '/manifest.webmanifest', '/favicon.svg']) {
        const r = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
        equal(r.status, 200, `${path} status`);
        equal(r.headers['vary'], 'Accept-Encoding', `${path} Vary`);
        assert(r.headers['cache-control'], `${path} has a Cache-Control`);
        assert(/^"[0-9a-f]+(-gz)?"$/.test(r.headers.etag), `${path} strong ETag`);
        if (path !== '/favicon.svg') equal(r.headers['content-encoding'], 'gzip', `${path} gzip`);
        const plain = await get(path, {});
        const body = r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body;
        assert(body.equals(plain.body), `${path}: the gzip bytes are the file`);
        const again = await get(path, { 'Accept-Encoding': 'gzip', 'If-None-Match': r.headers.etag });
        equal(again.status, 304, `${path} revalidates`);
        sent += r.body.length;
        files++;
      }
      const { page } = await open(openPage);
      const meta = await page.locator('meta[name=description]').getAttribute('content');
      assert(meta && meta.length > 50, `a meta description: ${meta}`);
      const icon = await page.locator('link[rel=icon]').getAttribute('href');
      equal((await get(`/${icon}`, {})).status, 200, 'the favicon is served');
      return { note: `the page's ${files} files: ${(sent / 1024).toFixed(1)} KiB gzip-encoded` };
    },
  },
  {
    name: 'installable 12: a manifest with 192 and 512 px PNG icons, a service worker for one build\'s files, their headers',
    async run(openPage) {
      const { page } = await open(openPage);
      const href = await page.locator('link[rel=manifest]').getAttribute('href');
      const m = await get(`/${href}`);
      equal([m.status, m.headers['content-type'], m.headers['cache-control']], [200, 'application/manifest+json', 'no-cache'], 'the manifest is served');
      const manifest = JSON.parse(m.body.toString());
      equal([manifest.start_url, manifest.display], ['./', 'standalone'], 'it starts the page, standalone');
      assert(manifest.name && manifest.short_name, 'it has a name and a short name');
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.type === 'image/png');
        assert(icon, `an icon of ${size} px`);
        const png = await get(`/${icon.src}`);
        equal([png.status, png.headers['content-type']], [200, 'image/png'], `${icon.src} served`);
        // the PNG's own header (IHDR) says how big it is
        equal([png.body.readUInt32BE(16), png.body.readUInt32BE(20)], [size, size], `${icon.src} is ${size} px square`);
      }
      const sw = await get('/sw.js');
      equal([sw.status, sw.headers['content-type'], sw.headers['cache-control']], [200, 'text/javascript; charset=utf-8', 'no-cache'], 'the worker is served');
      const text = sw.body.toString();
      const build = /^const BUILD = '([0-9a-f]{16})';$/m.exec(text);
      assert(build, 'the build wrote its hash into the worker');
      const files = JSON.parse(/^const FILES = (\[.*\]);$/m.exec(text)[1].replace(/'/g, '"'));
      const page_files = readdirSync('web').filter((f) => f !== 'sw.js').map((f) => (f === 'index.html' ? './' : f));
      equal([...files].sort(), page_files.sort(), 'the worker keeps every file of the page but itself');
      for (const f of files) equal((await get(`/${f.replace('./', '')}`)).status, 200, `${f} is served`);
      // the page registers it, and it takes the page over
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
      const caches = await page.evaluate(() => caches.keys());
      equal(caches, [`sudokud-page-${build[1]}`], 'one cache, named for the build');
      return { note: `build ${build[1]}, ${files.length} files kept` };
    },
  },
  {
    name: 'offline 12: opened once, the page loads and plays with no connection: digits, notes, undo, Check, timer, the saved game, Solve; Hint and New puzzle say they need it',
    async run(openPage) {
      const own = await startServer(); // stopped below: no connection at all, not only the browser's word for it
      const { page, context } = await openPage();
      await page.goto(`${own.url}?p=${EASY}`);
      await page.locator('html[data-ready=true]').waitFor();
      const sol = (await solution({ puzzle: EASY })).cells;
      await page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent));
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
      const rating = await page.locator('#rating').textContent();
      await cell(page, 1, 1).click();
      await page.keyboard.press(sol[0]);

      await context.setOffline(true);
      own.proc.kill('SIGKILL');
      await new Promise((res) => own.proc.once('exit', res));
      await page.reload();
      await page.locator('html[data-ready=true]').waitFor();
      await status(page, /Your game goes on where you left it/);
      equal(await cell(page, 1, 1).textContent(), sol[0], 'the saved game: the digit entered online');
      equal(await page.locator('#rating').textContent(), rating, 'the saved rating');
      assert(await page.getByText(/^Offline: digits, notes, undo, Check/).isVisible(), 'the page says what works offline');

      // digits and notes
      const open = [...EASY].map((ch, i) => i).filter((i) => EASY[i] === '.' && i > 0);
      const [a, b, c] = open;
      const name = (i) => [Math.floor(i / 9) + 1, (i % 9) + 1];
      await cell(page, ...name(a)).click();
      await page.keyboard.press(sol[a]);
      equal(await cell(page, ...name(a)).textContent(), sol[a], 'a digit entered offline');
      await button(page, 'Notes').click();
      await cell(page, ...name(b)).click();
      await page.keyboard.press('1');
      await page.keyboard.press('2');
      equal(await cell(page, ...name(b)).getAttribute('aria-description'), 'pencil marks 1 2', 'notes offline');
      await button(page, 'Notes').click();
      await button(page, 'Undo').click();
      equal(await cell(page, ...name(b)).getAttribute('aria-description'), 'pencil marks 1', 'undo offline');
      // Check: a wrong digit against the kept solution, and a repeat found on the board
      const wrong = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].find((d) => d !== sol[c]);
      await cell(page, ...name(c)).click();
      await page.keyboard.press(wrong);
      await button(page, 'Check').click();
      const said = await status(page, /^1 cell is wrong: /);
      assert(said.startsWith(`1 cell is wrong: r${name(c)[0]}c${name(c)[1]}.`), `the wrong cell is named: ${said}`);
      equal(await cell(page, ...name(c)).getAttribute('aria-invalid'), 'true', 'and marked');
      // the timer runs
      const t0 = await page.getByRole('timer').textContent();
      await page.waitForFunction((t) => document.querySelector('[role=timer]').textContent !== t, t0, { timeout: 5000 });
      // what needs sudokud says so
      await button(page, 'Hint').click();
      await status(page, /^Hints need the connection to sudokud, and this device is offline/);
      await button(page, 'New puzzle').click();
      await status(page, /^New puzzles need the connection to sudokud/);
      // and all of it is saved: another reload, still offline
      await page.reload();
      await page.locator('html[data-ready=true]').waitFor();
      equal([await cell(page, ...name(a)).textContent(), await cell(page, ...name(c)).textContent(),
        await cell(page, ...name(b)).getAttribute('aria-description')], [sol[a], wrong, 'pencil marks 1'], 'the saved game after a reload offline');
      // Solve, from the kept solution
      await reveal(page);
      await status(page, /^Solved from the solution this page keeps \(you are offline\)\.$/);
      await expectBoard(page, sol, 'solved offline');
      await context.setOffline(false);
    },
  },
  {
    name: 'print 13: on paper the board alone, black on white, under its title, rating and date, no button; Print prints',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`, { colorScheme: 'dark' });
      await page.waitForFunction(() => /\d/.test(document.getElementById('rating').textContent));
      await cell(page, 1, 1).click();
      await page.keyboard.press('4');
      await page.evaluate(() => {
        window.printed = 0;
        window.print = () => { window.printed++; };
      });
      await button(page, 'Print').click();
      equal(await page.evaluate(() => window.printed), 1, 'Print calls window.print');
      await page.emulateMedia({ media: 'print' });
      equal(await page.getByRole('button').count(), 0, 'no button on paper');
      equal(await page.getByRole('status').count(), 0, 'no message on paper');
      assert(await board(page).isVisible(), 'the board is printed');
      assert(await page.getByText('Sudoku 9x9', { exact: true }).isVisible(), 'the title');
      const rating = page.getByText(/^Rating: [\d.]+, (easy|medium)/);
      assert(await rating.isVisible(), 'the rating');
      const date = page.locator('#print-date');
      assert(await date.isVisible() && (await date.textContent()).includes(String(new Date().getFullYear())), `the date: ${await date.textContent()}`);
      const colours = await board(page).getByRole('gridcell').evaluateAll((els) => [...new Set(els.map((e) => {
        const s = getComputedStyle(e);
        return `${s.color} on ${s.backgroundColor}`;
      }))]);
      equal(colours, ['rgb(0, 0, 0) on rgb(255, 255, 255)'], 'black on white, even from a dark screen, the selected cell too');
      const pdf = await page.pdf({ format: 'A4' });
      assert(pdf.length > 1000, 'chromium prints it to a PDF');
      return { note: `PDF of ${pdf.length} bytes` };
    },
  },
  {
    name: 'scan: "Scan a photo" is a labelled file input for camera images; a server without /v1/scan says so',
    async run(openPage) {
      const { page, requests } = await open(openPage, `?p=${EASY}`);
      const input = page.getByLabel('Scan a photo', { exact: true });
      equal(await input.getAttribute('type'), 'file', 'a file input');
      equal(await input.getAttribute('accept'), 'image/*', 'takes images');
      equal(await input.getAttribute('capture'), 'environment', 'the back camera on a phone');
      assert(await page.getByText('Scan a photo', { exact: true }).isVisible(), 'its label is visible');
      // what the page makes of an answer: doubtful cells, conflicts, the status in words
      const report = await page.evaluate(async () => {
        const { scanReport } = await import('./scan.js');
        const confidence = new Array(81).fill(0.99);
        confidence[0] = 0.5;
        confidence[40] = 0.89;
        return scanReport({ puzzle: `44${'.'.repeat(79)}`, entries: `..5${'.'.repeat(78)}`, confidence, status: 'conflict', conflicts: [{ row: 0, col: 0 }, { row: 0, col: 1 }], changed: [{ row: 1, col: 0 }] });
      });
      equal([report.unsure, report.conflicts, report.kind], [[0, 40], [0, 1], 'error'], 'doubtful and conflicting cells');
      assert(/2 printed and 1 handwritten/.test(report.text) && /r1c1, r5c5/.test(report.text) && /corrected r2c1/.test(report.text)
        && /repeat .*: r1c1, r1c2/.test(report.text), `the report says it all: ${report.text}`);
      const hasScan = (await api(server, 'openapi.yaml')).text.includes('  /v1/scan:');
      if (hasScan) return { note: `/v1/scan is in this server's API: the case "${SCAN_PHOTO_CASE}" sends it a photo` };
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
      await input.setInputFiles({ name: 'grid.png', mimeType: 'image/png', buffer: png });
      await status(page, /^Photo scans are not available on this server/);
      assert(!requests.some((u) => u.includes('/v1/scan')), 'no request to a /v1/scan the server lacks');
      return { note: 'no /v1/scan here: said so' };
    },
  },
  {
    name: SCAN_PHOTO_CASE,
    async run(openPage) {
      // mixed9.jpg: a train photo of wichtounet/sudoku_dataset (CC-BY-4.0) with printed givens
      // and handwritten entries; the server's own answer to the same bytes is the reference
      const photo = readFileSync('tests/data/scan/mixed9.jpg');
      const ref = await fetch(new URL('v1/scan', server.url), { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: photo });
      equal(ref.status, 200, 'POST /v1/scan of mixed9.jpg');
      const want = await ref.json();
      const [, givens, entries] = readFileSync('tests/data/scan/expected.txt', 'utf8').split('\n')
        .find((l) => l.startsWith('mixed9.jpg ')).split(' ');
      equal([want.puzzle, want.entries], [givens, entries], 'the server reads the photo exactly');

      const { page, requests } = await open(openPage, `?p=${EASY}`);
      await page.getByLabel('Scan a photo', { exact: true }).setInputFiles({ name: 'mixed9.jpg', mimeType: 'image/jpeg', buffer: photo });
      const said = await status(page, /^Scanned the photo: \d+ printed and \d+ handwritten digits/);
      const printed = [...givens].filter((c) => c !== '.').length;
      const written = [...entries].filter((c) => c !== '.').length;
      assert(said.startsWith(`Scanned the photo: ${printed} printed and ${written} handwritten digits.`), said);
      assert(requests.some((u) => u.endsWith('/v1/scan')), 'the photo went to POST /v1/scan');
      const cells = await expectBoard(page, [...givens].map((g, i) => (g !== '.' ? g : entries[i] === '.' ? '' : entries[i])), 'after the scan');
      cells.forEach((c, i) => equal(c.readonly, givens[i] !== '.', `${c.name}: a given is fixed, an entry the player's`));
      const doubtful = want.confidence.flatMap((p, i) => (p < 0.9 ? [i] : []));
      assert(doubtful.length > 0, 'a handwritten photo has cells read with less confidence');
      cells.forEach((c, i) => equal(/\bunsure\b/.test(c.cls), doubtful.includes(i), `${c.name}: outlined when read with less confidence`));

      // rendered-conflict.png: a drawn grid with one given too many, which the server corrects;
      // the page names the corrected cells from the answer's {row, col} list
      const drawn = readFileSync('tests/data/scan/rendered-conflict.png');
      const fixed = await (await fetch(new URL('v1/scan', server.url), { method: 'POST', headers: { 'Content-Type': 'image/png' }, body: drawn })).json();
      assert(fixed.changed.length > 0, 'the server corrects a cell of rendered-conflict.png');
      const corrected = fixed.changed.map((c) => `r${c.row + 1}c${c.col + 1}`).join(', ');
      await page.getByLabel('Scan a photo', { exact: true }).setInputFiles({ name: 'rendered-conflict.png', mimeType: 'image/png', buffer: drawn });
      const saidFixed = await status(page, /The server corrected/);
      assert(saidFixed.includes(`The server corrected ${corrected}.`), saidFixed);

      // phone-02_21.jpg: a phone photo of AlexKubiesa/sudoku-scanner's train split (MIT) with
      // pencil marks; the candidates read in them become the player's notes
      const phone = readFileSync('tests/data/scan/phone-02_21.jpg');
      const marked = await (await fetch(new URL('v1/scan', server.url), { method: 'POST', headers: { 'Content-Type': 'image/jpeg' }, body: phone })).json();
      const noted = marked.pencil.filter((i) => marked.candidates[i].length > 0);
      assert(noted.length > 0, 'the server reads candidates in the pencil marks of phone-02_21.jpg');
      await page.getByLabel('Scan a photo', { exact: true }).setInputFiles({ name: 'phone-02_21.jpg', mimeType: 'image/jpeg', buffer: phone });
      const saidMarks = await status(page, /cells? of pencil marks, read as notes/);
      assert(saidMarks.includes(` ${marked.pencil.length} cells of pencil marks`), saidMarks);
      for (const i of noted) {
        const got = await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).getAttribute('aria-description');
        equal(got, `pencil marks ${marked.candidates[i].join(' ')}`, `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}: the candidates read are its notes`);
      }
      return { note: `${printed} givens and ${written} entries; ${doubtful.length} cells outlined; corrected ${corrected}; ${noted.length} cells of notes from pencil marks` };
    },
  },
  {
    name: 'screenshot: the desktop view, mid-game',
    async run(openPage) {
      const { page } = await open(openPage, `?p=${EASY}`, { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
      const sol = (await solution({ puzzle: EASY })).cells;
      let done = 0;
      for (let i = 0; i < 81 && done < 30; i++) {
        if (EASY[i] !== '.') continue;
        await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
        await page.keyboard.press(done === 17 ? (sol[i] === '9' ? '8' : '9') : sol[i]);
        done++;
      }
      await cell(page, 9, 1).click();
      await page.keyboard.press(' ');
      for (const d of ['1', '4', '6']) await page.keyboard.press(d);
      await page.keyboard.press('ArrowRight');
      for (const d of ['4', '6']) await page.keyboard.press(d);
      await page.keyboard.press(' ');
      await button(page, 'Check').click();
      await status(page, /^1 cell is wrong/);
      await cell(page, 6, 5).click();
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/page-desktop.png` });
    },
  },
  {
    name: 'practice: the menu lists every technique with its description; X-Wing opens where it is due, its candidates as notes, and the first hint names it',
    async run(openPage) {
      const { page } = await open(openPage);
      const info = await api(server, 'v1/info');
      const menu = page.getByRole('combobox', { name: 'Practice', exact: true });
      await page.waitForFunction((n) => document.getElementById('technique').options.length === n + 1, info.json.techniques.length);
      const options = await menu.getByRole('option').allTextContents();
      for (const t of info.json.techniques)
        assert(options.some((o) => o.includes(t.description)), `the menu names ${t.key} with its description`);
      const xwing = options.find((o) => /^X-Wing \(/.test(o));
      assert(xwing, `X-Wing is in the menu: ${options.slice(0, 14).join(' | ')}`);
      await menu.selectOption({ label: xwing });
      assert(/^X-Wing: a digit in two lines/.test(await page.locator('#technique-help').textContent()), 'its description is shown beside the menu');
      await button(page, 'Practise it').click();
      await status(page, /Practice: X-Wing, seed \d+\. It opens where X-Wing is due/, 20000);
      // the board holds the state before the X-Wing: the givens and the path's digits, the
      // candidates of every open cell as notes
      const cells = await readBoard(page);
      const blank = cells.filter((c) => !c.readonly && !/^[1-9]$/.test(c.text));
      assert(blank.length > 0 && blank.every((c) => /^[1-9]{1,9}$/.test(c.text.replace(/\s/g, ''))), 'every open cell holds its notes');
      await button(page, 'Hint').click();
      await status(page, /^Hint, 1 of 3: look for an X-Wing in /);
    },
  },
  {
    name: 'today: Today\'s puzzle is the server\'s puzzle of the day at the chosen difficulty',
    async run(openPage) {
      const { page } = await open(openPage);
      await page.getByRole('combobox', { name: 'Difficulty' }).selectOption('easy');
      await button(page, 'Today\'s puzzle').click();
      const said = await status(page, /Today's easy puzzle, \d{4}-\d\d-\d\d: the same for everyone today\./, 20000);
      const ref = await api(server, 'v1/daily?difficulty=easy');
      equal(ref.status, 200, 'GET /v1/daily');
      assert(said.includes(ref.json.date), `the day is said: ${said}`);
      await expectBoard(page, cellsOf(ref.json.puzzle), 'today\'s puzzle');
      await axeScan(page, 'the page with the Practice menu and Today\'s puzzle');
    },
  },
  {
    name: 'copy as: the game as .sdk and as a HoDoKu library line (digits and notes) on the clipboard; refused, in a box to copy; offline, it says it needs the connection',
    async run(openPage) {
      const { page, context } = await open(openPage, `?p=${EASY}`, { permissions: ['clipboard-read', 'clipboard-write'] });
      await cell(page, 1, 1).click();
      await page.keyboard.press('4');
      await button(page, 'Notes').click();
      await cell(page, 1, 2).click();
      await page.keyboard.press('5');
      await page.keyboard.press('7');
      const menu = page.getByRole('combobox', { name: 'Copy as', exact: true });
      await menu.selectOption({ label: 'SadMan .sdk (givens)' });
      await button(page, 'Copy').click();
      await status(page, /^Copied as SadMan \.sdk \(givens\) to the clipboard\./);
      const sdk = await api(server, 'v1/convert', { puzzle: EASY, to: 'sdk' });
      equal(await page.evaluate(() => navigator.clipboard.readText()), sdk.json.text, 'the clipboard holds the .sdk /v1/convert writes');

      await menu.selectOption('hodoku');
      await button(page, 'Copy').click();
      await status(page, /^Copied as HoDoKu library line/);
      const line = await page.evaluate(() => navigator.clipboard.readText());
      assert(/^:0000:x:/.test(line), `a library line: ${line}`);
      const back = await api(server, 'v1/convert', { puzzle: line, to: 'json' });
      equal(back.status, 200, 'the copied line reads back');
      equal([back.json.puzzle, back.json.entries[0], back.json.candidates[1], back.json.candidates[2]], [EASY, '4', [5, 7], []],
        'givens, the digit of r1c1 and the notes of r1c2 read back');

      // a browser that refuses the clipboard: the text in a read-only box, selected
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
      });
      await menu.selectOption('sdk');
      await button(page, 'Copy').click();
      await status(page, /did not let the page use the clipboard: the SadMan \.sdk \(givens\) is in "Text to copy", selected/);
      const box = page.getByRole('textbox', { name: 'Text to copy', exact: true });
      equal([await box.inputValue(), await box.getAttribute('readonly')], [sdk.json.text, ''], 'the fallback box holds the text, read-only');
      assert(await box.evaluate((e) => e === document.activeElement && e.selectionEnd - e.selectionStart === e.value.length), 'the box has the focus, its text selected');
      await axeScan(page, 'the page with the Copy as box shown');

      await context.setOffline(true);
      await button(page, 'Copy').click();
      await status(page, /^Copy as and opening a file need the connection to sudokud, and this device is offline/);
    },
  },
  {
    name: 'open a file: an .sdk through "Open a file" loads with its metadata; a HoDoKu line in a .txt loads its digits and notes; an .sdm says how many it holds',
    async run(openPage) {
      const { page } = await open(openPage);
      const expected = Object.fromEntries(readFileSync('tests/data/formats/expected.txt', 'utf8').split('\n')
        .filter((l) => l && !l.startsWith('#')).map((l) => { const [file, , givens, entries] = l.split(' '); return [file, { givens, entries }]; }));
      const picker = page.getByLabel('Open a file', { exact: true });
      await picker.setInputFiles('tests/data/formats/sudocue.sdk');
      await status(page, /^Loaded a 9x9 puzzle with \d+ givens\. Opened sudocue\.sdk: by Ruud \(A random puzzle created by SudoCue\)\./);
      await expectBoard(page, cellsOf(expected['sudocue.sdk'].givens), 'the .sdk opened');
      equal(await page.getByRole('textbox', { name: 'Puzzle', exact: true }).inputValue(), expected['sudocue.sdk'].givens, 'the Puzzle box shows it');

      await picker.setInputFiles({ name: 'library.txt', mimeType: 'text/plain', buffer: readFileSync('tests/data/formats/library.hdk') });
      await status(page, /Opened library\.txt\.$/);
      const ref = await api(server, 'v1/convert', { puzzle: readFileSync('tests/data/formats/library.hdk', 'utf8'), to: 'json' });
      const cells = await readBoard(page);
      cells.forEach((c, i) => {
        const want = ref.json.puzzle[i] !== '.' ? ref.json.puzzle[i] : ref.json.entries[i] !== '.' ? ref.json.entries[i] : ref.json.candidates[i].join('');
        equal(c.text.replace(/\s/g, ''), want, `${c.name}: its given, the player's digit or the notes`);
      });

      await picker.setInputFiles('tests/data/formats/three.sdm');
      await status(page, /Opened three\.sdm, the first of the 3 puzzles it holds\./);
      await expectBoard(page, cellsOf(readFileSync('tests/data/formats/three.sdm', 'utf8').split('\n')[0]), 'the first puzzle of the .sdm');
    },
  },
  {
    name: 'paste a format: the Puzzle box reads a sudokuwiki link, a pencil-mark grid and an .sdk as the API does',
    async run(openPage) {
      const { page } = await open(openPage);
      const box = page.getByRole('textbox', { name: 'Puzzle', exact: true });
      for (const file of ['sudokuwiki.link', 'bordered.pm', 'sudocue.sdk']) {
        const text = readFileSync(`tests/data/formats/${file}`, 'utf8');
        const ref = (await api(server, 'v1/convert', { puzzle: text, to: 'json' })).json;
        await box.fill(text);
        await page.getByRole('button', { name: 'Load', exact: true }).click();
        // the status still says the last file's "Loaded" until this one is in: wait for its givens
        await page.waitForFunction(
          (want) => document.getElementById('puzzle').value === want, ref.puzzle, { timeout: 10000 });
        await status(page, /^Loaded a 9x9 puzzle/);
        (await readBoard(page)).forEach((c, i) => {
          const notes = ref.candidates && ref.candidates[i] ? ref.candidates[i].join('') : '';
          const want = ref.puzzle[i] !== '.' ? ref.puzzle[i] : ref.entries && ref.entries[i] !== '.' ? ref.entries[i] : notes;
          equal(c.text.replace(/\s/g, ''), want, `${file} pasted, ${c.name}: its given, the player's digit or the notes`);
        });
        equal(await box.inputValue(), ref.puzzle, `${file}: the Puzzle box shows the givens read`);
      }
    },
  },
  {
    name: 'drop a file: a puzzle file dropped anywhere on the page opens, with a message',
    async run(openPage) {
      const { page } = await open(openPage);
      const text = readFileSync('tests/data/formats/simple.ss', 'utf8');
      const accepted = await page.evaluate((t) => {
        const data = new DataTransfer();
        data.items.add(new File([t], 'simple.ss', { type: 'text/plain' }));
        const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
        document.querySelector('footer').dispatchEvent(over);
        document.querySelector('header').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        return over.defaultPrevented;
      }, text);
      assert(accepted, 'dragover is accepted (default prevented), so the browser allows the drop');
      await status(page, /^Loaded a 9x9 puzzle with \d+ givens\. Opened simple\.ss\./);
      const ref = await api(server, 'v1/convert', { puzzle: text, to: 'line' });
      await expectBoard(page, cellsOf(ref.json.text.trim()), 'the dropped .ss');
    },
  },
  {
    name: 'screenshot: a variant puzzle, its cages and thermometers drawn, mid-game',
    async run(openPage) {
      const { page } = await open(openPage, `?load=${encodeURIComponent(new URL(KILLER_LINK).searchParams.get('load'))}`, { viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
      await status(page, /^Loaded a 9x9 variant puzzle/);
      const sol = (await solution({ puzzle: EASY })).cells;
      for (const i of [0, 1, 2, 9, 10, 11, 18, 30, 31, 40]) {
        await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
        await page.keyboard.press(sol[i]);
      }
      await cell(page, 5, 6).click();
      mkdirSync(SHOTS, { recursive: true });
      await page.locator('.play').screenshot({ path: `${SHOTS}/page-variant.png` });
    },
  },
  {
    name: 'variant: a killer with thermometers from an f-puzzles link (address, file) and a SudokuPad link (Puzzle box): cages and sums, thermometers drawn; cells say their constraints; true candidates, Check, Hint, undo, Solve, kept',
    async run(openPage) {
      const ref = await api(server, 'v1/solve', { fpuzzles: KILLER_LINK, max_solutions: 2, true_candidates: true });
      equal([ref.status, ref.json.status, ref.json.unique], [200, 'solved', true], 'the server solves the link, uniquely');
      equal(ref.json.solution, (await solution({ puzzle: EASY })).solution, 'its solution is the classic one it was drawn on');
      const read = await api(server, 'v1/convert', { puzzle: KILLER_LINK, to: 'fpuzzles' });
      equal(JSON.parse(read.json.text).killercage, KILLER.killercage, 'the link holds the fixture\'s cages');
      const sol = [...ref.json.solution], truth = ref.json.true_candidates;
      const name = (i) => `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`;
      const index = (cellName) => { const [, r, c] = /R(\d+)C(\d+)/.exec(cellName); return (r - 1) * 9 + (c - 1); };
      const cages = KILLER.killercage.map((k) => ({ cells: k.cells.map(index), sum: k.value }));
      const thermos = KILLER.thermometer.map((t) => t.lines[0].map(index));
      const givens = KILLER.grid.flat().map((c) => (c.given ? String(c.value) : ''));

      // opened from the address, as an f-puzzles link's own ?load= names it
      const { page } = await open(openPage, `?load=${encodeURIComponent(new URL(KILLER_LINK).searchParams.get('load'))}`);
      await status(page, new RegExp(`^Loaded a 9x9 variant puzzle \\(killer cages \\(${cages.length}\\), thermometers \\(${thermos.length}\\)\\) with ${givens.filter(Boolean).length} givens; a Hint reveals a cell\\.`));
      await expectBoard(page, givens, 'the givens');
      const svg = board(page).locator('svg.variant');
      equal(await svg.getAttribute('aria-hidden'), 'true', 'the drawing is hidden from assistive technology');
      equal(await svg.locator('[data-kind=killercage] path.cage').count(), cages.length, 'one dashed outline a cage');
      equal(await svg.locator('[data-kind=thermometer] circle.bulb').count(), thermos.length, 'one bulb a thermometer');
      equal(await svg.locator('[data-kind=thermometer] polyline').count(), thermos.length, 'one line a thermometer');
      // each sum is written in its cage's first cell, and each bulb sits on its thermometer's first cell
      const boxes = await board(page).getByRole('gridcell').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      const inside = (b, i) => { const x = b.x + b.width / 2, y = b.y + b.height / 2, c = boxes[i]; return x > c.left && x < c.right && y > c.top && y < c.bottom; };
      const sums = await svg.locator('[data-kind=killercage] text').evaluateAll((els) => els.map((e) => ({ text: e.textContent, box: e.getBoundingClientRect().toJSON() })));
      equal(sums.map((t) => t.text), cages.map((k) => k.sum), 'every cage sum is shown');
      sums.forEach((t, k) => assert(inside(t.box, Math.min(...cages[k].cells)), `the sum ${t.text} is in ${name(Math.min(...cages[k].cells))}`));
      const bulbs = await svg.locator('[data-kind=thermometer] circle.bulb').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
      bulbs.forEach((b, k) => assert(inside(b, thermos[k][0]), `the bulb of thermometer ${k + 1} is on ${name(thermos[k][0])}`));
      const size = await board(page).evaluate((e) => [e.offsetWidth, e.offsetHeight]);
      equal(size[0], size[1], 'the board stays square');

      // each cell says its constraints in words
      const cells = await readBoard(page);
      for (const k of cages) {
        for (const i of k.cells) assert(cells[i].description.includes(`in a cage of ${k.cells.length} cells summing to ${k.sum}`), `${name(i)} says its cage: ${cells[i].description}`);
      }
      const second = thermos[0][1];
      assert(cells[second].description.includes('on a thermometer, 2nd of 4 from the bulb'), `${name(second)} says its thermometer: ${cells[second].description}`);
      await axeScan(page, 'a variant puzzle');

      // Fill candidates: the true candidates the server gives, as notes
      await button(page, 'Fill candidates').click();
      const blanks = givens.map((g, i) => (g ? -1 : i)).filter((i) => i >= 0);
      await status(page, new RegExp(`^Filled in the true candidates of ${blanks.length} cells as notes\\.$`));
      const filled = await readBoard(page);
      for (const i of blanks) equal(filled[i].description.split(';')[0], `pencil marks ${truth[i].join(' ')}`, `the notes of ${name(i)}`);
      // three givens leave any cell 6 digits or more: fewer come from the cages and thermometers
      assert(blanks.some((i) => truth[i].length < 6), 'the true candidates narrow cells beyond the givens');

      // a right and a wrong digit, Check, undo
      const [right, wrong] = blanks;
      const bad = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].find((d) => d !== sol[wrong]);
      for (const [i, d] of [[right, sol[right]], [wrong, bad]]) {
        await cell(page, Math.floor(i / 9) + 1, (i % 9) + 1).click();
        await page.keyboard.press(d);
      }
      await button(page, 'Check').click();
      await status(page, new RegExp(`^1 cell is wrong: ${name(wrong)}\\.`));
      equal((await readBoard(page)).filter((c) => c.invalid).map((c) => c.name), [`row ${Math.floor(wrong / 9) + 1} column ${(wrong % 9) + 1}`], 'the wrong digit is marked');
      await button(page, 'Undo').click();
      equal(await cell(page, Math.floor(wrong / 9) + 1, (wrong % 9) + 1).textContent(), filled[wrong].text, 'undo takes the wrong digit back, notes and all');

      // a hint reveals a cell, and says so
      await button(page, 'Hint').click();
      const said = await status(page, /^Hint: a variant puzzle gets no logic hints here, only a cell of its solution\. Press Hint again to reveal (r\dc\d)\.$/);
      const shown = /(r\dc\d)\.$/.exec(said)[1];
      await button(page, 'Hint').click();
      const at = (Number(shown[1]) - 1) * 9 + Number(shown[3]) - 1;
      await status(page, new RegExp(`^Revealed: ${shown} = ${sol[at]}\\.$`));

      // the game is kept: a reload (no server needed for the puzzle) shows it drawn, the digits in place
      await page.reload();
      await page.locator('html[data-ready=true]').waitFor();
      await status(page, /Your game goes on where you left it\./);
      equal(await board(page).locator('svg.variant [data-kind=killercage] path.cage').count(), cages.length, 'the cages drawn again');
      equal(await cell(page, Math.floor(right / 9) + 1, (right % 9) + 1).textContent(), sol[right], 'the right digit kept');
      assert(new URL(page.url()).searchParams.get('fpuzzles'), `the address holds the puzzle: ${page.url()}`);

      // opened as a file, and pasted in the Puzzle box as a SudokuPad link (its data percent-encoded),
      // the link opens the same puzzle; Solve asks first, then fills the solution
      await page.getByLabel('Open a file', { exact: true }).setInputFiles({ name: 'killer.txt', mimeType: 'text/plain', buffer: Buffer.from(KILLER_LINK) });
      await status(page, /^Loaded a 9x9 variant puzzle .* Opened killer\.txt: "sudokud browser suite: killer with thermometers" by sudokud\.$/);
      equal(await board(page).locator('svg.variant [data-kind=thermometer] circle.bulb').count(), thermos.length, 'the file\'s thermometers drawn');
      await loadText(page, `https://sudokupad.app/fpuzzles${encodeURIComponent(new URL(KILLER_LINK).searchParams.get('load'))}`);
      await status(page, /^Loaded a 9x9 variant puzzle .* Read the pasted text/);
      equal(await svg.locator('[data-kind=killercage] path.cage').count(), cages.length, 'the SudokuPad link\'s cages drawn');
      await reveal(page);
      await status(page, /^Solved: the solution is unique\.$/);
      await expectBoard(page, sol, 'the variant solved');
    },
  },
  {
    name: 'variant 2: clues outside the grid (sandwich sums, a little killer) grow its margin, on a phone: square, no horizontal scroll, clues in the margin',
    async run(openPage) {
      const sol = [...(await solution({ puzzle: EASY })).solution].map(Number);
      const row = (r) => sol.slice(r * 9, r * 9 + 9);
      const between = (line) => {
        const [a, b] = [line.indexOf(1), line.indexOf(9)].sort((x, y) => x - y);
        return line.slice(a + 1, b).reduce((t, d) => t + d, 0);
      };
      const diagonal = Array.from({ length: 8 }, (_, k) => k * 9 + k + 1); // r1c2 down-right to r8c9
      const object = {
        size: 9,
        grid: Array.from({ length: 9 }, (_, r) => [...EASY.slice(r * 9, r * 9 + 9)].map((ch) => (ch === '.' ? {} : { value: Number(ch), given: true }))),
        sandwichsum: [{ cell: 'R1C0', value: String(between(row(0))) }, { cell: 'R0C5', value: String(between(sol.filter((_, i) => i % 9 === 4))) }],
        littlekillersum: [{ cell: 'R0C1', direction: 'DR', cells: diagonal.map((i) => `R${Math.floor(i / 9) + 1}C${(i % 9) + 1}`), value: String(diagonal.reduce((t, i) => t + sol[i], 0)) }],
      };
      const { page } = await open(openPage, '', { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      await loadText(page, JSON.stringify(object));
      await status(page, /^Loaded a 9x9 variant puzzle \(little killers \(1\), sandwich sums \(2\)\)/);
      const grid = await board(page).evaluate((e) => {
        const b = e.getBoundingClientRect(), m = getComputedStyle(e);
        return { left: b.left, top: b.top, right: b.right, bottom: b.bottom, margin: parseFloat(m.marginLeft), width: b.width, height: b.height };
      });
      const cellSize = await cell(page, 1, 1).evaluate((e) => e.getBoundingClientRect().width);
      assert(grid.margin >= cellSize * 0.9, `the grid has a margin of a cell for its clues (${grid.margin} px, cells of ${cellSize} px)`);
      assert(Math.abs(grid.width - grid.height) < 1, `the grid stays square (${grid.width} x ${grid.height})`);
      assert(cellSize >= 30, `cells of 30 px or more on a phone (${cellSize} px)`);
      const width = await page.evaluate(() => [document.documentElement.scrollWidth, innerWidth]);
      assert(width[0] <= width[1], `no horizontal scroll: page ${width[0]} px in a ${width[1]} px window`);
      const clues = await board(page).locator('svg.variant text').evaluateAll((els) => els.map((e) => {
        const b = e.getBoundingClientRect();
        return { kind: e.closest('[data-kind]').dataset.kind, text: e.textContent, x: b.x + b.width / 2, y: b.y + b.height / 2 };
      }));
      equal(clues.map((c) => c.text).sort(), [...object.sandwichsum, ...object.littlekillersum].map((c) => c.value).sort(), 'every clue is written');
      for (const c of clues) {
        const outside = c.x < grid.left || c.y < grid.top || c.x > grid.right || c.y > grid.bottom;
        assert(outside && c.x > 0 && c.x < width[1], `the ${c.kind} clue ${c.text} is in the margin, on screen (${c.x}, ${c.y})`);
      }
      const d = (await readBoard(page))[4].description;
      assert(d.includes(`in column 5, whose digits between its 1 and its 9 sum to ${object.sandwichsum[1].value}`), `r1c5 says its column's sandwich: ${d}`);
      const lk = (await readBoard(page))[1].description;
      assert(lk.includes(`on a little killer diagonal of 8 cells summing to ${object.littlekillersum[0].value}`), `r1c2 says its little killer: ${lk}`);
      await axeScan(page, 'a variant with clues outside the grid, on a phone');
    },
  },
  {
    name: 'variant 3: a full board of a variant with several solutions is right only when it keeps every constraint, not just the rows, columns and boxes',
    async run(openPage) {
      const object = { size: 4, grid: Array.from({ length: 4 }, () => Array.from({ length: 4 }, () => ({}))), killercage: [{ cells: ['R1C1', 'R1C2'], value: '3' }] };
      const { page } = await open(openPage);
      await loadText(page, JSON.stringify(object));
      await status(page, /^Loaded a 4x4 variant puzzle \(killer cages \(1\)\)/);
      const fill = async (digits) => {
        for (let i = 0; i < 16; i++) {
          await cell(page, Math.floor(i / 4) + 1, (i % 4) + 1).click();
          await page.keyboard.press(digits[i]);
        }
      };
      await fill('3412123421434321'); // a Latin square with boxes, but its cage sums to 7
      await status(page, /^Every cell is filled, but not all are right/);
      await fill('1234341243212143'); // the same with 1<->3 and 2<->4: the cage sums to 3
      await status(page, /^Solved in \d+:\d\d, unrated\. Well played!/);
    },
  },
];

// ---- main ----

const deadline = setTimeout(() => {
  console.log('FAIL the browser suite took more than 5 minutes');
  stopServers();
  process.exit(1);
}, 300000);

let failures = 1;
try {
  server = await startServer();
  await launch();
  console.log(`browser suite: sudokud ${server.url}, chromium ${chromiumVersion()}, node ${process.version}`);
  failures = await runCases(cases, process.argv[2]);
} catch (e) {
  console.log(`FAIL the browser suite could not run: ${e.stack || e.message}`);
} finally {
  await closeBrowser().catch(() => {});
  stopServers();
  clearTimeout(deadline);
}
console.log(failures ? `browser suite: ${failures} failed` : 'browser suite: all passed');
process.exit(failures ? 1 : 0);
