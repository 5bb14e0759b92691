#!/usr/bin/env node
/**
 * Completes package-lock.json with the platform-specific optional packages (rollup, esbuild,
 * unrs-resolver bindings for android, darwin, win32, ...) that the npm registry mirror on
 * these machines does not serve. npm then leaves them out of the lock, and `npm ci` refuses
 * a lock that lacks a dependency package.json trees declare. Each missing package gets the
 * entry npm itself would write (version, optional, os/cpu from its name), so `npm ci`
 * validates and then skips it on this platform as it skips any foreign binary.
 * Run after every `npm install` that changes the lock: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'win32', 'wasi'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;

for (const [location, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    const tokens = name.split('/').pop().split(/[-_]/);
    const os = OS.find((candidate) => tokens.includes(candidate) || (candidate === 'win32' && tokens.includes('win32')));
    const cpu = CPU.find((candidate) => tokens.includes(candidate));
    if (!os) continue; // not a platform binary: leave npm's decision alone
    packages[`node_modules/${name}`] = {
      version: spec.replace(/^[\^~=]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [os],
      ...(cpu ? { cpu: [cpu] } : {}),
    };
    added += 1;
  }
}

const sorted = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`complete-lockfile: added ${added} platform package entries\n`);
