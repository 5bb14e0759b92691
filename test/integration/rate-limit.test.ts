import { startTestService, type TestService } from '../support/test-service';

/** The API rate limit (docs/api.md, "Authentication and rate limit"): fixed window per key, atomic under concurrency. */
describe('API rate limit', () => {
  let service: TestService;
  let restoreClock: () => void;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    // Hold the clock 10 s into a window so the burst cannot straddle two windows.
    const { useClock, fixedClock } = await import('#shared/ports/clock');
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    useClock(fixedClock(new Date(windowStart + 10_000)));
    restoreClock = () => useClock();
  });
  afterAll(async () => {
    restoreClock();
    await service.stop();
  });

  it('lets exactly 5 of 20 concurrent requests through; each 429 says when to retry', async () => {
    const { apiKey } = await service.createAccount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => service.call('GET', '/profiles', { key: apiKey })));
    const passed = responses.filter((response) => response.status !== 429);
    const limited = responses.filter((response) => response.status === 429);
    expect(passed).toHaveLength(5);
    expect(limited).toHaveLength(15);
    for (const response of limited) {
      expect(response.json).toEqual({
        error: 'RATE_LIMIT_EXCEEDED',
        message: 'Rate limit exceeded. Try again in 50 seconds',
        retry_after: 50,
      });
      expect(response.headers.get('retry-after')).toBe('50');
      expect(response.headers.get('x-ratelimit-remaining')).toBe('0');
      expect(response.headers.get('x-ratelimit-limit')).toBe('5');
    }
    const remaining = passed.map((response) => Number(response.headers.get('x-ratelimit-remaining'))).sort();
    expect(remaining).toEqual([0, 1, 2, 3, 4]);
  });

  it('counts per key: another key of the same account has its own window', async () => {
    const { accountId, apiKey } = await service.createAccount();
    const { createApiKey } = await import('#shared/use-cases/keys');
    const second = await createApiKey(accountId, 'second');
    for (let index = 0; index < 5; index += 1) await service.call('GET', '/usage', { key: apiKey });
    expect((await service.call('GET', '/usage', { key: apiKey })).status).toBe(429);
    expect((await service.call('GET', '/usage', { key: second.apiKey })).status).toBe(200);
  });

  it('counts a request from a clock that lags behind into the newer window, never failing it', async () => {
    const { useClock, fixedClock } = await import('#shared/ports/clock');
    const { apiKey } = await service.createAccount();
    const windowStart = Math.floor(Date.now() / 60_000) * 60_000;
    try {
      useClock(fixedClock(new Date(windowStart + 70_000))); // an instance already in the next window
      expect((await service.call('GET', '/usage', { key: apiKey })).status).toBe(200);
      useClock(fixedClock(new Date(windowStart + 10_000))); // one whose clock is behind
      const lagging = await service.call('GET', '/usage', { key: apiKey });
      expect(lagging.status).toBe(200);
      expect(lagging.headers.get('x-ratelimit-remaining')).toBe('3');
    } finally {
      useClock(fixedClock(new Date(windowStart + 10_000)));
    }
  });

  it('does not count requests that fail authentication', async () => {
    for (let index = 0; index < 10; index += 1) {
      expect((await service.call('GET', '/profiles', { key: `sk_${'Q'.repeat(43)}` })).status).toBe(401);
    }
  });
});
