import { eventually } from '../support/eventually';

/** test/support/eventually.ts, the one poll helper of the suite. */
describe('eventually', () => {
  it('tries again until the assertion passes and returns what the passing attempt returned', async () => {
    let attempts = 0;
    const value = await eventually(
      () => {
        attempts += 1;
        expect(attempts).toBeGreaterThanOrEqual(3);
        return `attempt ${attempts}`;
      },
      { timeoutMs: 5_000, intervalMs: 1 },
    );
    expect(value).toBe('attempt 3');
  });

  it('awaits an asynchronous assertion', async () => {
    let attempts = 0;
    await expect(eventually(async () => expect((attempts += 1)).toBe(2), { intervalMs: 1 })).resolves.toBeUndefined();
    expect(attempts).toBe(2);
  });

  it('throws the last attempt’s own error once the time is up, having tried more than once', async () => {
    let attempts = 0;
    const started = Date.now();
    const failure = await eventually(
      () => {
        attempts += 1;
        throw new Error(`still not there (${attempts})`);
      },
      { timeoutMs: 100, intervalMs: 10 },
    ).catch((error: unknown) => error);
    expect(failure).toEqual(new Error(`still not there (${attempts})`));
    expect(attempts).toBeGreaterThan(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
  });
});
