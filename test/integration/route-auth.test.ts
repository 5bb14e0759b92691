import { captureLogs, type LogCapture } from '../support/log-capture';
import { startTestService, type TestService } from '../support/test-service';
import { accountWithLogin, signIn, uniqueEmail, type DashboardSession } from './dashboard-client';

/**
 * One function per operation, whatever the caller (docs/decisions/0101-auth-chosen-by-the-matched-route.md):
 * a public operation's route and its dashboard route run the same handler, and the route the
 * request matched -- never a header the client sends -- chooses how it is authenticated.
 */
describe('authentication chosen by the matched route', () => {
  let service: TestService;
  let logs: LogCapture;

  beforeAll(async () => {
    service = await startTestService({ LOG_LEVEL: 'INFO' });
    logs = captureLogs();
  });
  afterAll(async () => {
    logs?.restore();
    await service?.stop();
  });

  const owner = async (): Promise<{ session: DashboardSession; apiKey: string }> => {
    const email = uniqueEmail('route-auth');
    const { apiKey } = await accountWithLogin(service, email);
    return { session: (await signIn(service, email)).session!, apiKey };
  };

  it('answers a public route carrying a live session cookie and its CSRF token, but no key, 401 MISSING_API_KEY', async () => {
    const { session } = await owner();
    const headers = { cookie: session.cookie, 'x-csrf-token': session.csrf };
    const read = await service.call('GET', '/keys', { headers });
    expect([read.status, read.json.error]).toEqual([401, 'MISSING_API_KEY']);
    const write = await service.call('POST', '/keys', { headers, body: { name: 'forged' } });
    expect([write.status, write.json.error]).toEqual([401, 'MISSING_API_KEY']);
    // Nothing was created through the public route.
    const listed = await session.call('GET', '/keys');
    expect(listed.json.keys.map((key: { name: string }) => key.name)).toEqual(['default']);
  });

  it('refuses a dashboard route carrying an API key but no session, as the dashboard refuses any request without one', async () => {
    const { apiKey } = await owner();
    for (const [method, path] of [
      ['GET', '/dashboard/api/keys'],
      ['POST', '/dashboard/api/keys'],
      ['GET', '/dashboard/api/posts'],
    ] as const) {
      const refused = await service.call(method, path, { key: apiKey, body: method === 'POST' ? { name: 'nope' } : undefined });
      expect({ [path]: [refused.status, refused.json.error] }).toEqual({ [path]: [403, 'FORBIDDEN'] });
    }
    const bearer = await service.call('GET', '/dashboard/api/keys', { headers: { authorization: `Bearer ${apiKey}` } });
    expect([bearer.status, bearer.json.error]).toEqual([403, 'FORBIDDEN']);
  });

  it("runs the public operation's handler on its dashboard route, and the log line says which route it came by", async () => {
    const { session, apiKey } = await owner();
    const before = logs.text().length;
    expect((await session.call('GET', '/usage')).status).toBe(200);
    expect((await service.call('GET', '/usage', { key: apiKey })).status).toBe(200);
    const lines = logs
      .text()
      .slice(before)
      .split('\n')
      .filter((line) => line.includes('"message":"request"'))
      .map((line) => JSON.parse(line) as { operation: string; route: string; status: number });
    expect(lines.map(({ operation, route, status }) => ({ operation, route, status }))).toEqual(
      expect.arrayContaining([
        { operation: 'get-usage', route: 'GET /dashboard/api/usage', status: 200 },
        { operation: 'get-usage', route: 'GET /usage', status: 200 },
      ]),
    );
  });
});
