import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallResult, type TestService } from '../support/test-service';
import { openAuthorizationUrl } from '../support/linkedin-browser';

/**
 * The HTTP surface a browser could abuse: CORS stays off (the API is for servers holding keys,
 * and no cross-origin page may read its answers), and the OAuth return_url only ever points at
 * a host the operator listed (OAUTH_RETURN_URL_HOSTS), so the callback is no open redirect.
 */
const CORS_HEADERS = [
  'access-control-allow-origin',
  'access-control-allow-credentials',
  'access-control-allow-methods',
  'access-control-allow-headers',
];
const corsHeadersOf = (response: CallResult) => CORS_HEADERS.filter((name) => response.headers.has(name));

describe('HTTP security', () => {
  let service: TestService;
  let key: string;

  beforeAll(async () => {
    service = await startTestService(
      { LINKEDIN_CLIENT_ID: 'x', LINKEDIN_CLIENT_SECRET: 'y-client-secret', OAUTH_RETURN_URL_HOSTS: 'app.example.com' },
      { scheduler: new RecordingScheduler() },
    );
    key = (await service.createAccount()).apiKey;
    registerSecret(key);
  });
  afterAll(async () => {
    await service.stop();
  });

  describe('CORS is off', () => {
    const origin = { origin: 'https://evil.example' };

    it.each(['/posts', '/usage', '/profiles/linkedin/authorize', '/dashboard/api/session'])(
      'answers a preflight for %s without allowing anything',
      async (path) => {
        const preflight = await service.call('OPTIONS', path, {
          headers: { ...origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' },
        });
        expect(preflight.status).toBe(404);
        expect(corsHeadersOf(preflight)).toEqual([]);
      },
    );

    it('adds no CORS header to a success, an error or a 404 with an Origin', async () => {
      const responses = [
        await service.call('GET', '/usage', { key, headers: origin }),
        await service.call('GET', '/usage', { headers: origin }),
        await service.call('POST', '/posts', { key, headers: origin, body: {} }),
        await service.call('GET', '/nowhere', { headers: origin }),
      ];
      expect(responses.map((response) => response.status)).toEqual([200, 401, 400, 404]);
      for (const response of responses) expect(corsHeadersOf(response)).toEqual([]);
    });
  });

  describe('OAuth return_url', () => {
    const authorize = (returnUrl: string) => service.call('POST', '/profiles/linkedin/authorize', { key, body: { return_url: returnUrl } });

    it.each([
      'https://evil.example/done',
      'https://app.example.com.evil.example/done',
      'https://evil.example/?next=https://app.example.com/',
      'https://app.example.com@evil.example/',
      'https://evil.example\\@app.example.com/',
      'http://app.example.com/done',
      'http://localhost:3000/done',
      '//evil.example/done',
      'javascript://app.example.com/%0aalert(1)',
    ])('refuses %s with 400 INVALID_FIELD', async (returnUrl) => {
      const response = await authorize(returnUrl);
      expect([response.status, response.json]).toEqual([
        400,
        { error: 'INVALID_FIELD', field: 'return_url', message: expect.stringContaining('return_url') },
      ]);
    });

    it.each(['https://app.example.com/settings/linkedin', 'https://APP.example.com/x?tab=profiles#top', 'https://app.example.com:8443/x'])(
      'accepts %s',
      async (returnUrl) => {
        const response = await authorize(returnUrl);
        expect(response.status).toBe(200);
        const authorization = new URL((await openAuthorizationUrl(service.baseUrl, response.json.authorization_url)).linkedInUrl);
        expect(authorization.searchParams.get('client_id')).toBe('x');
        expect(authorization.searchParams.get('redirect_uri')).toBe(`${process.env.PUBLIC_BASE_URL}/profiles/linkedin/callback`);
        expect(response.text).not.toContain('y-client-secret');
      },
    );
  });
});
