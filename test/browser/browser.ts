import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { browserBinary } from './packaged-chromium';

/**
 * The packaged Chromium (test/browser/packaged-chromium.ts; CHROMIUM_PATH may name another)
 * driven by playwright-core, headless, with a fresh profile removed on close. The flags keep it
 * off the network: test machines have none, and Chromium's background services would otherwise
 * try again and again.
 */
export const SCREENSHOTS = resolve(__dirname, '../../test-results/dashboard');
const ARGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchBrowser(): Promise<Browser> {
  const binary = await browserBinary();
  const profile = mkdtempSync(join(tmpdir(), 'sps-chromium-profile-'));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: binary.executablePath,
      env: { ...process.env, ...binary.env },
      headless: true,
      args: ARGS,
      viewport: { width: 1100, height: 900 },
      locale: 'en-GB',
      timezoneId: 'Europe/Berlin',
    });
    return {
      context,
      close: async () => {
        try {
          await context.close();
        } finally {
          rmSync(profile, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}

/** Builds dashboard/dist when missing or stale, as `npm test` and `npm start` do. */
export function buildDashboard(): void {
  execFileSync(process.execPath, [resolve(__dirname, '../../dashboard/build-if-stale.mjs')], { stdio: 'ignore' });
}
