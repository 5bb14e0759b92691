import { runSoak, type SoakReport } from '../soak/soak';

/**
 * Issue 18, the short soak, in the slow lane (`npm run test:slow`; the full one is `npm run soak`): the local service in a
 * child process under injected faults (5 % of its DynamoDB calls, 10 % of its platform calls),
 * SIGKILLed twice and its DynamoDB Local stopped and started again under load. Afterwards nothing
 * is lost or doubled, every counter is exact and the LinkedIn spacing held.
 */
describe('short soak: faults, kills and a store outage under load', () => {
  let report: SoakReport;

  beforeAll(async () => {
    report = await runSoak({
      accounts: 6,
      postsPerAccount: 5,
      kills: 2,
      storeRestarts: 1,
      storeFaultRate: 0.05,
      platformFaultRate: 0.1,
      windowSeconds: 20,
      seed: 1118,
    });
    if (process.env.SOAK_REPORT) require('node:fs').writeFileSync(process.env.SOAK_REPORT, JSON.stringify(report, null, 2)); // eslint-disable-line @typescript-eslint/no-require-imports
  }, 400_000);

  it('ran under the faults it was meant to: kills, a store restart, store and platform faults', () => {
    // Refused creations first: they say why a post is missing from the count.
    expect(report.unexpectedResponses).toEqual([]);
    expect(report.kills).toBe(2);
    expect(report.storeRestarts).toBe(1);
    expect(Object.values(report.faults.store).reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    const platformFaults = [...Object.values(report.faults.bluesky), ...Object.values(report.faults.linkedin)].reduce(
      (sum, n) => sum + n,
      0,
    );
    expect(platformFaults).toBeGreaterThan(0);
    expect(report.posts.created).toBe(30);
  });

  it('answered 503 SERVICE_UNAVAILABLE with retry-after while the store was down, never a 500 or a stack trace', () => {
    expect(report.outageProbes).toEqual([{ status: 503, error: 'SERVICE_UNAVAILABLE', retryAfter: '1', stackTrace: false }]);
  });

  it('lost no post: every one is final, with a clear code where it failed', () => {
    expect(report.lost).toEqual([]);
    expect(Object.values(report.posts.byStatus).reduce((sum, n) => sum + n, 0)).toBe(30);
  });

  it('doubled nothing: each published part is on its platform exactly once, a failed one only when its outcome was unknown', () => {
    expect(report.duplicates).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.unexplainedCopies).toEqual([]);
  });

  it('kept every monthly counter exact and every LinkedIn pair of an account at least 60 s apart', () => {
    expect(report.counterMismatches).toEqual([]);
    expect(report.spacingViolations).toEqual([]);
  });
});
