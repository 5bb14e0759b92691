import { randomBytes, scryptSync } from 'node:crypto';
import { request } from 'node:http';
import { startTestService, type TestService } from '../support/test-service';
import { registerSecret } from '../support/secret-registry';
import { TEST_PASSWORD_COST } from '../support/password-cost';
import { accountWithLogin, dashboardSession, PASSWORD, setCookies, signIn, uniqueEmail } from './dashboard-client';

/**
 * The security review's sign-in and session findings (issue 27), through the local server:
 * scrypt at OWASP's cost with a rehash on sign-in, sign-in limited per client address without
 * letting a stranger lock the owner out, the __Host- session cookie with an absolute lifetime,
 * and the dashboard's own rate limit. The client address is the socket's (API Gateway's
 * sourceIp); loopback has all of 127.0.0.0/8, so each test speaks from addresses of its own.
 */
interface SignInAnswer {
  status: number;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Record<string, string | string[] | undefined>;
}

describe('dashboard sign-in and session hardening', () => {
  let service: TestService;
  let port: number;
  let nextAddress = 10;
  /** A fresh loopback address no other test has used: its own counters. */
  const freshAddress = () => `127.0.0.${(nextAddress += 1)}`;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '5', RATE_LIMIT_WINDOW_SECONDS: '60' });
    port = Number(new URL(service.baseUrl).port);
  });
  afterAll(async () => {
    const { useClock } = await import('#shared/ports/clock');
    useClock();
    await service?.stop();
  });

  /** POST /dashboard/api/sign-in from a given local address. */
  const signInFrom = (address: string, email: string, password: string) =>
    new Promise<SignInAnswer>((resolve, reject) => {
      const body = JSON.stringify({ email, password });
      const req = request(
        {
          host: '127.0.0.1',
          port,
          localAddress: address,
          method: 'POST',
          path: '/dashboard/api/sign-in',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, json: text ? JSON.parse(text) : undefined, headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  const useFixedClock = async () => {
    const { fixedClock, useClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date());
    useClock(clock);
    return clock;
  };
  const restoreClock = async () => (await import('#shared/ports/clock')).useClock();

  describe('scrypt cost', () => {
    // OWASP's cost here, whatever the suite's setup chose (test/support/password-cost.ts).
    beforeAll(async () => (await import('#shared/domain/passwords')).usePasswordCost());
    afterAll(async () => (await import('#shared/domain/passwords')).usePasswordCost(TEST_PASSWORD_COST));
    /** A login whose stored hash was made at an older, lower cost (N=2^15). */
    const loginWithOldHash = async (email: string) => {
      const created = await service.createAccount();
      const salt = randomBytes(16);
      const key = scryptSync(PASSWORD, salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
      const oldHash = `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
      const { createOwnerLogin } = await import('#shared/store/owner-logins');
      const at = new Date().toISOString();
      await createOwnerLogin({ email, account_id: created.accountId, password_hash: oldHash, created_at: at, password_changed_at: at });
      registerSecret(PASSWORD);
      return oldHash;
    };
    const storedHash = async (email: string) => (await (await import('#shared/store/owner-logins')).getOwnerLogin(email))!.password_hash;

    it('new hashes use N=2^17, r=8, p=1', async () => {
      const email = uniqueEmail('cost');
      await accountWithLogin(service, email);
      expect(await storedHash(email)).toMatch(/^scrypt\$131072\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    });

    it('a hash made at 2^15 signs in and is rewritten at 2^17; a wrong password never rewrites it', async () => {
      const email = uniqueEmail('rehash');
      const oldHash = await loginWithOldHash(email);
      const wrong = await signIn(service, email, 'not the password at all');
      expect(wrong.result.status).toBe(400);
      expect(wrong.result.json).toEqual({ error: 'INVALID_CREDENTIALS', message: 'Wrong email or password' });
      expect(await storedHash(email)).toBe(oldHash);

      const right = await signIn(service, email);
      expect(right.result.status).toBe(200);
      const rewritten = await storedHash(email);
      expect(rewritten).toMatch(/^scrypt\$131072\$8\$1\$/);
      expect(rewritten.split('$')[4]).not.toBe(oldHash.split('$')[4]);
      // The new hash still takes the same password, and is not rewritten again.
      expect((await signIn(service, email)).result.status).toBe(200);
      expect(await storedHash(email)).toBe(rewritten);
    });
  });

  describe('sign-in limits per address and per (email, address)', () => {
    it('ten failures from address A lock A out for that email; the owner from address B still gets in', async () => {
      const clock = await useFixedClock();
      try {
        const email = uniqueEmail('target');
        await accountWithLogin(service, email);
        const attacker = freshAddress();
        for (let attempt = 1; attempt <= 10; attempt += 1) {
          clock.advance(30_000);
          expect((await signInFrom(attacker, email, `wrong password ${attempt}`)).status).toBe(400);
        }
        const locked = await signInFrom(attacker, email, PASSWORD);
        expect(locked.status).toBe(429);
        expect(locked.json).toEqual({
          error: 'RATE_LIMIT_EXCEEDED',
          retry_after: 900,
          message: 'Too many failed sign-ins. Try again in 900 seconds',
        });
        expect(locked.headers['retry-after']).toBe('900');
        expect(locked.headers['set-cookie']).toBeUndefined();

        // The owner, elsewhere, signs in at once with the right password.
        const owner = await signInFrom(freshAddress(), email, PASSWORD);
        expect(owner.status).toBe(200);
        expect(owner.json.account.email).toBe(email);
        // The attacker's address stays locked for this email until the 15 minutes are over.
        expect((await signInFrom(attacker, email, PASSWORD)).status).toBe(429);
        clock.advance(900_000);
        expect((await signInFrom(attacker, email, PASSWORD)).status).toBe(200);
      } finally {
        await restoreClock();
      }
    }, 120_000);

    it('one address trying many emails is limited after 30 failures, whatever the emails; other addresses are not', async () => {
      const clock = await useFixedClock();
      try {
        const sprayer = freshAddress();
        const email = uniqueEmail('sprayed');
        await accountWithLogin(service, email);
        for (let attempt = 1; attempt <= 30; attempt += 1) {
          clock.advance(10_000);
          expect((await signInFrom(sprayer, uniqueEmail(`guess${attempt}`), 'some password guess')).status).toBe(400);
        }
        const limited = await signInFrom(sprayer, email, PASSWORD);
        expect(limited.status).toBe(429);
        expect(limited.json).toEqual({
          error: 'RATE_LIMIT_EXCEEDED',
          retry_after: 900,
          message: 'Too many failed sign-ins. Try again in 900 seconds',
        });
        expect(limited.headers['retry-after']).toBe('900');
        expect((await signInFrom(freshAddress(), email, PASSWORD)).status).toBe(200);
      } finally {
        await restoreClock();
      }
      // Thirty-two scrypt checks at 128 MiB each, one after another.
    }, 180_000);
  });

  describe('session cookie', () => {
    it('is __Host- prefixed: Secure, Path=/, no Domain, HttpOnly, SameSite=Lax', async () => {
      const email = uniqueEmail('cookie');
      await accountWithLogin(service, email);
      const { result, session } = await signIn(service, email);
      expect(result.status).toBe(200);
      const [cookie] = setCookies(result);
      expect(cookie).toMatch(/^__Host-sps_session=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; Secure; SameSite=Lax$/);
      expect(cookie).not.toMatch(/domain=/i);
      expect((await session!.call('GET', '/session')).status).toBe(200);
      const out = await session!.call('POST', '/sign-out');
      expect(out.status).toBe(204);
      expect(setCookies(out)).toEqual(['__Host-sps_session=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax']);
    });

    it('refuses the old cookie name (sps_session) with a valid id', async () => {
      const email = uniqueEmail('oldname');
      await accountWithLogin(service, email);
      const { session } = await signIn(service, email);
      const renamed = dashboardSession(service, `sps_session=${session!.sessionId}`, session!.csrf, session!.accountId);
      const answer = await renamed.call('GET', '/session');
      expect(answer.status).toBe(403);
      expect(answer.json.error).toBe('FORBIDDEN');
    });

    it('ends 12 hours after sign-in however active the session is (absolute lifetime)', async () => {
      const clock = await useFixedClock();
      try {
        const email = uniqueEmail('absolute');
        await accountWithLogin(service, email);
        const { session } = await signIn(service, email);
        // Active all along: a request every 2 hours keeps the idle expiry far away.
        for (let hour = 2; hour <= 10; hour += 2) {
          clock.advance(2 * 3600_000);
          expect((await session!.call('GET', '/session')).status).toBe(200);
        }
        clock.advance(2 * 3600_000 - 60_000); // 11 h 59 min after sign-in
        const last = await session!.call('GET', '/session');
        expect(last.status).toBe(200);
        // A refreshed cookie never outlives the absolute limit: 60 s left.
        const refreshed = setCookies(last).find((cookie) => cookie.startsWith('__Host-sps_session='));
        expect(refreshed).toMatch(/; Max-Age=60;/);
        clock.advance(60_000); // 12 h after sign-in, one minute after the last request
        const expired = await session!.call('GET', '/session');
        expect(expired.status).toBe(403);
        expect(expired.json).toEqual({
          error: 'FORBIDDEN',
          message: 'Not signed in, or the session has expired: sign in to the dashboard',
        });
      } finally {
        await restoreClock();
      }
    });
  });

  describe('dashboard rate limit', () => {
    it('counts dashboard calls like API calls: 429 RATE_LIMIT_EXCEEDED with retry_after past the limit', async () => {
      const clock = await useFixedClock();
      try {
        // At the start of a window, so the whole test stays inside it.
        clock.set(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000));
        const email = uniqueEmail('limited');
        await accountWithLogin(service, email);
        const { session } = await signIn(service, email);
        const resetAt = String(clock.now().getTime() / 1000 + 60);
        for (let call = 1; call <= 5; call += 1) {
          const answer = await session!.call('GET', '/session');
          expect(answer.status).toBe(200);
          expect(answer.headers.get('x-ratelimit-limit')).toBe('5');
          expect(answer.headers.get('x-ratelimit-remaining')).toBe(String(5 - call));
          expect(answer.headers.get('x-ratelimit-reset')).toBe(resetAt);
        }
        clock.advance(20_000);
        const limited = await session!.call('GET', '/keys');
        expect(limited.status).toBe(429);
        expect(limited.json).toEqual({
          error: 'RATE_LIMIT_EXCEEDED',
          retry_after: 40,
          message: 'Rate limit exceeded. Try again in 40 seconds',
        });
        expect(limited.headers.get('retry-after')).toBe('40');
        expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
        // A mutation is counted too, and the next window starts afresh.
        expect((await session!.call('POST', '/keys', { body: { name: 'over the limit' } })).status).toBe(429);
        clock.advance(40_000);
        expect((await session!.call('GET', '/session')).status).toBe(200);
      } finally {
        await restoreClock();
      }
    });
  });
});
