/**
 * `npm run soak`: the full soak of issue 18 (test/soak/soak.ts), minutes long, not part of
 * `npm test` (test/slow/soak-short.test.ts, in `npm run test:slow`, runs a short one). Prints its figures as JSON
 * and exits 1 when a post was lost or doubled, a counter is off, or the spacing was broken.
 * SOAK_ACCOUNTS, SOAK_POSTS_PER_ACCOUNT, SOAK_KILLS, SOAK_WINDOW_SECONDS, SOAK_SEED override the numbers.
 */
import { runSoak, soakHeld } from './soak';

const setting = (name: string, fallback: number) => Number(process.env[name] || fallback);

async function main(): Promise<void> {
  const report = await runSoak({
    accounts: setting('SOAK_ACCOUNTS', 200),
    postsPerAccount: setting('SOAK_POSTS_PER_ACCOUNT', 10),
    kills: setting('SOAK_KILLS', 5),
    storeRestarts: setting('SOAK_STORE_RESTARTS', 2),
    storeFaultRate: 0.05,
    platformFaultRate: 0.1,
    windowSeconds: setting('SOAK_WINDOW_SECONDS', 300),
    seed: setting('SOAK_SEED', 18),
    log: (line) => process.stderr.write(`[soak] ${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  process.exit(soakHeld(report) ? 0 : 1);
}

main().catch((error: unknown) => {
  process.stderr.write(`soak failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
