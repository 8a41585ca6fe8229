// node-engines.mjs -- does every installed npm package accept this Node version?
//
//   node scripts/node-engines.mjs DIR [VERSION]      (VERSION default 18.20.4)
//
// Walks DIR/node_modules (nested ones too) and checks each package's
// `engines.node` range against VERSION, with the semver package installed
// in DIR. 18.20.4 is Debian 12's nodejs (bookworm-security): the tools the
// tests install from npm are pinned to versions that declare support for
// it, so CI may run on Debian's Node even where a newer one is installed.
// Prints the packages that refuse it and exits 1; exits 0 when none does.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [dir, version = '18.20.4'] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node-engines.mjs DIR [VERSION]');
  process.exit(2);
}
const semver = createRequire(path.resolve(dir, 'package.json'))('semver');

const refused = [];
let count = 0;
function walk(nm) {
  if (!existsSync(nm)) return;
  for (const name of readdirSync(nm)) {
    if (name.startsWith('.')) continue;
    const p = path.join(nm, name);
    if (name.startsWith('@')) {
      walk(p);
      continue;
    }
    const pj = path.join(p, 'package.json');
    if (!existsSync(pj)) continue;
    const j = JSON.parse(readFileSync(pj, 'utf8'));
    count++;
    const range = j.engines && j.engines.node;
    if (range && !semver.satisfies(version, range)) refused.push(`${j.name}@${j.version} wants node ${range}`);
    walk(path.join(p, 'node_modules'));
  }
}
walk(path.join(dir, 'node_modules'));
for (const r of refused) console.log(`FAIL - ${r}, not ${version}`);
if (refused.length === 0) console.log(`ok   - all ${count} packages in ${dir} accept node ${version}`);
process.exit(refused.length ? 1 : 0);
