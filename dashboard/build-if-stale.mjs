#!/usr/bin/env node
/**
 * Builds dashboard/dist when it is missing or older than any of its sources (`npm start`,
 * `npm test` and `cdk synth` call this, so a fresh clone serves the dashboard without a
 * separate step). The sources are the files the last build read (dist/.inputs.json, written by
 * vite.config.mts) plus the build's own configuration. The new build is made beside dist and
 * swapped in, so a server reading dist never sees it half written.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..');
const dist = join(here, 'dist');
const stamp = join(dist, '.inputs.json');
const ALWAYS = ['dashboard/vite.config.mts', 'dashboard/index.html', 'dashboard/tsconfig.json', 'package-lock.json'];

const modified = (file) => {
  try {
    return statSync(join(root, file)).mtimeMs;
  } catch {
    return Infinity; // a source that went away: rebuild
  }
};

/** Why dist needs a build, or undefined when it is up to date. */
export function staleReason() {
  if (!existsSync(stamp) || !existsSync(join(dist, 'index.html'))) return 'dashboard/dist is missing';
  const built = statSync(stamp).mtimeMs;
  const inputs = [...ALWAYS, ...JSON.parse(readFileSync(stamp, 'utf8'))];
  const newer = inputs.find((file) => modified(file) > built);
  return newer ? `${newer} changed` : undefined;
}

export function buildDashboard() {
  const out = join(here, `.dist-build-${process.pid}`);
  const old = join(here, `.dist-old-${process.pid}`);
  try {
    execFileSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(here, 'vite.config.mts'), '--outDir', out],
      {
        cwd: root,
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    if (existsSync(dist)) renameSync(dist, old);
    try {
      renameSync(out, dist);
    } catch (error) {
      // Another build swapped its result in first: keep that one.
      if (!existsSync(dist)) throw error;
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

/** Builds when needed; returns what was done, for the caller's log. */
export function buildIfStale() {
  const reason = staleReason();
  if (!reason) return 'dashboard is up to date';
  buildDashboard();
  return `dashboard built (${reason})`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  if (process.argv.includes('--force')) buildDashboard();
  else process.stdout.write(`${buildIfStale()}\n`);
}
