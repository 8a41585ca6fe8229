// lighthouse.mjs -- Lighthouse 12.2.3 (npm) on the page as a real sudokud serves it, mobile and
// desktop presets, with Debian's chromium; fails unless the page scores as issue 24 asks.
//
//   node tests/browser/lighthouse.mjs      (from the repository root; `make test-lighthouse`)
//
// Environment: SUDOKUD_BIN (default build/sudokud), CHROMIUM (default /usr/bin/chromium),
// LIGHTHOUSE_MIN_PERFORMANCE (default 90). Exit status 0 only when, for both presets:
// accessibility, best practices and SEO are 100, cumulative layout shift is under 0.02, and
// performance is at least the minimum. The goal is 95; the gate is 90 because performance is
// timed (simulated throttling of what this machine measures), and a shared 2-core machine
// busy with compilers moves it by several points; the scores are printed either way.

import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktop from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM, startServer, stopServers } from './harness.mjs';

const MIN_PERFORMANCE = Number(process.env.LIGHTHOUSE_MIN_PERFORMANCE || 90);
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
  for (const [preset, config] of [['mobile', undefined], ['desktop', desktop]]) {
    const result = await lighthouse(server.url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES }, config);
    const { categories, audits } = result.lhr;
    const score = (id) => Math.round(categories[id].score * 100);
    const cls = audits['cumulative-layout-shift'].numericValue;
    console.log(`${preset.padEnd(8)} performance ${score('performance')}, accessibility ${score('accessibility')}, `
      + `best practices ${score('best-practices')}, SEO ${score('seo')}; CLS ${cls.toFixed(3)}, `
      + `LCP ${(audits['largest-contentful-paint'].numericValue / 1000).toFixed(1)} s, TBT ${Math.round(audits['total-blocking-time'].numericValue)} ms`);
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
    if (score('performance') < MIN_PERFORMANCE) fail(`performance ${score('performance')} is under ${MIN_PERFORMANCE}`);
    if (!(cls < 0.02)) fail(`cumulative layout shift ${cls} is not under 0.02`);
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
