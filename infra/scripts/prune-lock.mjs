#!/usr/bin/env node
// The npm registry this project is built against serves only linux-x64 builds of platform packages (others 404),
// so npm writes a lockfile whose entries name optional platform packages it could not record, and `npm ci` then
// refuses the lockfile as "out of sync". This removes those dangling optional names. Run after `npm install`:
//   node infra/scripts/prune-lock.mjs
// On another OS or CPU, use `npm install` (not `npm ci`) so npm fetches that platform's binaries.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const present = new Set(Object.keys(lock.packages).map((k) => k.replace(/^.*node_modules\//, '')));
let removed = 0;
for (const entry of Object.values(lock.packages)) {
  if (!entry.optionalDependencies) continue;
  for (const name of Object.keys(entry.optionalDependencies)) {
    if (!present.has(name)) {
      delete entry.optionalDependencies[name];
      removed++;
    }
  }
  if (!Object.keys(entry.optionalDependencies).length) delete entry.optionalDependencies;
}
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`prune-lock: removed ${removed} optional platform packages this registry does not serve`);
