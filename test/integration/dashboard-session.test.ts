import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestService, type TestService } from '../support/test-service';
import { accountWithLogin, dashboardSession, issuedSecrets, setCookies, signIn, uniqueEmail } from './dashboard-client';

/** Dashboard sessions: CSRF, no session, isolation between accounts, sign-out, idle expiry. Through the local server. */
describe('dashboard sessions', () => {
  let service: TestService;
  let logs: LogCapture;
  const secrets: string[] = [];

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

  it('refuses a mutation without the CSRF token, or with another one: 403 FORBIDDEN, nothing created', async () => {
    const email = uniqueEmail('csrf');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const other = (await signIn(service, email)).session!;
    for (const csrf of [false, 'x'.repeat(43), other.csrf] as const) {
      const refused = await session!.call('POST', '/keys', { body: { name: 'nope' }, csrf });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ error: 'FORBIDDEN', message: expect.stringMatching(/CSRF token.*x-csrf-token/) });
    }
    expect((await session!.call('DELETE', '/keys/00000000-0000-4000-8000-000000000000', { csrf: false })).status).toBe(403);
    expect((await session!.call('POST', '/sign-out', { csrf: false })).status).toBe(403);
    const listed = await session!.call('GET', '/keys');
    expect(listed.json.keys.map((key: { name: string }) => key.name)).toEqual(['default']);
    expect((await session!.call('POST', '/keys', { body: { name: 'yes' } })).status).toBe(201);
  });

  it('answers 403 FORBIDDEN without a valid session, and never takes an x-api-key instead', async () => {
    const { apiKey } = await service.createAccount();
    secrets.push(apiKey);
    const cases: Record<string, string>[] = [
      {},
      { 'x-api-key': apiKey },
      { cookie: '__Host-sps_session=not-a-session' },
      { cookie: `__Host-sps_session=${'A'.repeat(43)}` },
    ];
    for (const headers of cases) {
      const response = await service.call('GET', '/dashboard/api/keys', { headers });
      expect(response.status).toBe(403);
      expect(response.json).toEqual({ error: 'FORBIDDEN', message: 'Not signed in, or the session has expired: sign in to the dashboard' });
    }
  });

  it('keeps the public API on API keys: the session cookie alone is 401 MISSING_API_KEY there', async () => {
    const email = uniqueEmail('public');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const response = await service.call('GET', '/profiles', { headers: { cookie: session!.cookie } });
    expect(response.status).toBe(401);
    expect(response.json.error).toBe('MISSING_API_KEY');
  });

  it("never shows or touches another account's keys with a session of this one", async () => {
    const alice = await accountWithLogin(service, uniqueEmail('alice'));
    const bobEmail = uniqueEmail('bob');
    await accountWithLogin(service, bobEmail);
    const aliceKeys = await service.call('GET', '/keys', { key: alice.apiKey });
    secrets.push(alice.apiKey);
    const bob = (await signIn(service, bobEmail)).session!;
    const listed = await bob.call('GET', '/keys');
    expect(listed.json.keys.map((key: { id: string }) => key.id)).not.toContain(aliceKeys.json.keys[0].id);
    expect(listed.json.keys).toHaveLength(1);
    const deleted = await bob.call('DELETE', `/keys/${aliceKeys.json.keys[0].id}`);
    expect(deleted.status).toBe(404);
    expect(deleted.json).toEqual({ error: 'NOT_FOUND', message: 'API key not found' });
    expect((await service.call('GET', '/profiles', { key: alice.apiKey })).status).toBe(200);
  });

  it('signs out: the cookie is cleared and the session id is dead even if replayed', async () => {
    const email = uniqueEmail('leaving');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const out = await session!.call('POST', '/sign-out');
    expect(out.status).toBe(204);
    expect(setCookies(out)).toEqual([expect.stringMatching(/^__Host-sps_session=; Path=\/; Max-Age=0; HttpOnly; Secure; SameSite=Lax$/)]);
    expect((await session!.call('GET', '/session')).status).toBe(403);
  });

  it('ends 12 hours after sign-in; use refreshes the cookie at most every 5 minutes, never past that end', async () => {
    const { fixedClock, useClock } = await import('#shared/ports/clock');
    const clock = fixedClock(new Date());
    useClock(clock);
    try {
      const email = uniqueEmail('idle');
      await accountWithLogin(service, email);
      const { session } = await signIn(service, email);
      clock.advance(60_000);
      const early = await session!.call('GET', '/session');
      expect([early.status, setCookies(early)]).toEqual([200, []]);
      clock.advance(5 * 60_000);
      const refreshed = await session!.call('GET', '/keys');
      expect(refreshed.status).toBe(200);
      // 6 minutes after sign-in: the idle expiry would be 12 h away, the absolute end is 11 h 54 min away.
      expect(setCookies(refreshed)).toEqual([
        expect.stringMatching(/^__Host-sps_session=[\w-]{43}; Path=\/; Max-Age=42840; HttpOnly; Secure; SameSite=Lax$/),
      ]);
      clock.advance(12 * 3600_000 - 6 * 60_000 - 1000); // one second before the end
      expect((await session!.call('GET', '/session')).status).toBe(200);
      clock.advance(1000);
      expect((await session!.call('GET', '/session')).status).toBe(403);
    } finally {
      useClock();
    }
  });

  it("ends every session of the account when the owner's password changes", async () => {
    const email = uniqueEmail('rotating');
    const { accountId } = await accountWithLogin(service, email);
    const first = (await signIn(service, email)).session!;
    const second = (await signIn(service, email)).session!;
    const { changeOwnerPassword } = await import('#shared/use-cases/dashboard-owner-logins');
    expect(await changeOwnerPassword(accountId, 'a brand new password')).toEqual({ email, sessions_ended: 2 });
    for (const session of [first, second]) expect((await session.call('GET', '/session')).status).toBe(403);
    expect((await signIn(service, email)).result.status).toBe(400);
    expect((await signIn(service, email, 'a brand new password')).result.status).toBe(200);
    await expect(changeOwnerPassword(accountId, 'too short')).rejects.toMatchObject({
      code: 'INVALID_FIELD',
      extras: { field: 'password' },
    });
  });

  it('a session cookie made up from a CSRF token or a stored hash opens nothing', async () => {
    const email = uniqueEmail('forger');
    await accountWithLogin(service, email);
    const { session } = await signIn(service, email);
    const { hashSessionId } = await import('#shared/store/sessions');
    for (const fake of [session!.csrf, hashSessionId(session!.sessionId)]) {
      const forged = dashboardSession(service, `__Host-sps_session=${fake}`, session!.csrf, session!.accountId);
      expect((await forged.call('GET', '/session')).status).toBe(403);
    }
  });

  it('never logs a session id, CSRF token, password or key value', () => {
    const text = logs.text();
    expect(text).toContain('"route":"GET /dashboard/api/session"');
    for (const secret of [...secrets, ...issuedSecrets, 'a brand new password']) expect(text).not.toContain(secret);
  });
});
