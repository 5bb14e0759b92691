import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildDashboard } from './browser';

/** The dashboard stays light: every script it loads, gzipped, under 100 KB (a phone on a slow line). */
const LIMIT_BYTES = 100 * 1024;
const dist = resolve(__dirname, '../../dashboard/dist');

describe('the dashboard bundle', () => {
  beforeAll(() => buildDashboard());

  it('is under 100 KB of JavaScript, gzipped, all scripts together', () => {
    const scripts = readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    const gzipped = scripts.reduce((total, file) => total + gzipSync(readFileSync(join(dist, 'assets', file)), { level: 9 }).length, 0);
    expect(gzipped).toBeLessThan(LIMIT_BYTES);
  });

  it('loads only its own files: the page references scripts under /dashboard/assets/ and nothing else', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources.filter((source) => !source.startsWith('data:'))).toEqual(
      sources.filter((source) => source.startsWith('/dashboard/assets/')),
    );
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script: the CSP allows none
  });
});
