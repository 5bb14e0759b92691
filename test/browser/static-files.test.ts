import { startTestService, type TestService } from '../support/test-service';
import { buildDashboard } from './browser';

/** The dashboard's files as the local server serves them (local/static-files.ts), as CloudFront does in AWS. */
describe('dashboard pages on the local server', () => {
  let service: TestService;

  beforeAll(async () => {
    buildDashboard();
    service = await startTestService();
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('serves the pages with a strict CSP, hashed assets for a year, and nothing outside dashboard/dist', async () => {
    const page = await fetch(`${service.baseUrl}/dashboard/keys`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect([page.headers.get('x-content-type-options'), page.headers.get('cache-control')]).toEqual(['nosniff', 'no-cache']);
    const script = /src="(\/dashboard\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    const asset = await fetch(`${service.baseUrl}${script}`);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    const bare = await fetch(`${service.baseUrl}/dashboard`, { redirect: 'manual' });
    expect([bare.status, bare.headers.get('location')]).toEqual([308, '/dashboard/']);
    for (const escape of ['/dashboard/..%2f..%2fpackage.json', '/dashboard/assets/..%2f..%2f..%2fpackage.json', '/dashboard/missing.js']) {
      const response = await fetch(`${service.baseUrl}${escape}`);
      expect([escape, response.status]).toEqual([escape, 404]);
    }
    const posted = await fetch(`${service.baseUrl}/dashboard/keys`, { method: 'POST' });
    expect([posted.status, await posted.json()]).toEqual([404, { error: 'NOT_FOUND', message: 'Not found' }]);
  });
});
