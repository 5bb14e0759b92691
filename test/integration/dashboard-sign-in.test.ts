import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestService, type TestService } from '../support/test-service';
import { accountWithLogin, issuedSecrets, PASSWORD, setCookies, signIn, uniqueEmail } from './dashboard-client';

/** Dashboard sign-in: the session cookie it sets, the answer to wrong credentials, the lock. Through the local server. */
describe('dashboard sign-in', () => {
  let service: TestService;
  let logs: LogCapture;
  const secrets: string[] = [PASSWORD];

  beforeAll(async () => {
    service = await startTestService({ LOG_LEVEL: 'INFO' });
    logs = captureLogs();
  });
  afterAll(async () => {
    logs?.restore();
    const { useClock } = await import('#shared/ports/clock');
    useClock();
    await service?.stop();
  });

  it('signs in: an HttpOnly, SameSite=Lax, __Host- session cookie, and a CSRF token', async () => {
    const email = uniqueEmail('owner');
    const { accountId } = await accountWithLogin(service, email);
    const { result, session } = await signIn(service, `  ${email.toUpperCase()} `);
    expect(result.status).toBe(200);
    expect(result.json).toEqual({
      account: { id: accountId, name: 'Test account', email, plan: 'free' },
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [cookie] = setCookies(result);
    // Secure even on plain http to 127.0.0.1: browsers keep Secure cookies for loopback (docs/decisions.md).
    expect(cookie).toMatch(/^__Host-sps_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax$/);
    expect(result.headers.get('cache-control')).toBe('no-store');
    secrets.push(session!.sessionId, session!.csrf);

    const who = await session!.call('GET', '/session');
    expect(who.status).toBe(200);
    expect(who.json).toEqual({ account: result.json.account, csrf_token: session!.csrf });
  });

  it('answers a wrong password and an unknown email alike: 400 INVALID_CREDENTIALS, no hint', async () => {
    const email = uniqueEmail('known');
    await accountWithLogin(service, email);
    const wrongPassword = await signIn(service, email, 'not the password at all');
    const unknownEmail = await signIn(service, uniqueEmail('unknown'), PASSWORD);
    for (const { result } of [wrongPassword, unknownEmail]) {
      expect(result.status).toBe(400);
      expect(result.json).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Wrong email or password' });
      expect(setCookies(result)).toEqual([]);
    }
  });

  it('locks an email from one address after ten failures in 15 minutes: the 11th attempt is refused even with the right password', async () => {
    const { fixedClock, useClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date());
    useClock(clock);
    try {
      const email = uniqueEmail('locked');
      await accountWithLogin(service, email);
      for (let attempt = 1; attempt <= 10; attempt += 1) {
        clock.advance(30_000);
        expect((await signIn(service, email, `wrong password ${attempt}`)).result.status).toBe(400);
      }
      const locked = (await signIn(service, email)).result;
      expect(locked.status).toBe(429);
      expect(locked.json).toEqual({
        error: 'RATE_LIMIT_EXCEEDED',
        retry_after: 900,
        message: 'Too many failed sign-ins. Try again in 900 seconds',
      });
      expect(locked.headers.get('retry-after')).toBe('900');

      // Another email is not affected; an unknown email locks the same way (nothing to tell them apart).
      const other = uniqueEmail('other');
      await accountWithLogin(service, other);
      expect((await signIn(service, other)).result.status).toBe(200);
      const unknown = uniqueEmail('nobody');
      for (let attempt = 1; attempt <= 10; attempt += 1) await signIn(service, unknown, `guess number ${attempt}`);
      expect((await signIn(service, unknown)).result.status).toBe(429);

      clock.advance(14 * 60_000);
      expect((await signIn(service, email)).result.json.retry_after).toBe(60);
      clock.advance(60_000);
      expect((await signIn(service, email)).result.status).toBe(200);
    } finally {
      useClock();
    }
  }, 90_000);

  it('forgets failures after a successful sign-in and outside the 15-minute window', async () => {
    const { fixedClock, useClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date());
    useClock(clock);
    try {
      // Past the window the earlier tests' failures from this address (127.0.0.1) counted in.
      clock.advance(15 * 60_000 + 1000);
      const email = uniqueEmail('forgetful');
      await accountWithLogin(service, email);
      for (let attempt = 1; attempt <= 9; attempt += 1) await signIn(service, email, `typo ${attempt}`);
      expect((await signIn(service, email)).result.status).toBe(200);
      for (let attempt = 1; attempt <= 9; attempt += 1) await signIn(service, email, `typo ${attempt}`);
      clock.advance(15 * 60_000 + 1000);
      expect((await signIn(service, email, 'one more typo')).result.status).toBe(400);
      expect((await signIn(service, email)).result.status).toBe(200);
    } finally {
      useClock();
    }
  }, 90_000);

  it('logs one line per dashboard request, and never a password, session id, CSRF token or key value', async () => {
    const text = logs.text();
    const lines = text
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.some((line) => line.message === 'request' && line.route === 'POST /dashboard/api/sign-in' && line.status === 200)).toBe(
      true,
    );
    expect(lines.some((line) => line.error_code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(issuedSecrets.length).toBeGreaterThan(10);
    for (const secret of [...secrets, ...issuedSecrets, 'not the password at all']) expect(text).not.toContain(secret);
  });
});
