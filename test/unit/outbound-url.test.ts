import { isPublicHttpsUrl } from '#shared/http-client/outbound-url';

describe('client-supplied outbound URLs (SSRF guard)', () => {
  it.each(['https://bsky.social', 'https://pds.example.com:8443/xrpc', 'https://8.8.8.8', 'https://[2606:4700::1111]'])(
    'allows %s',
    (url) => {
      expect(isPublicHttpsUrl(new URL(url))).toBe(true);
    },
  );

  it.each([
    'http://bsky.social',
    'https://localhost',
    'https://127.0.0.1',
    'https://169.254.169.254/latest/meta-data',
    'https://10.0.0.5',
    'https://172.16.3.4',
    'https://192.168.1.1',
    'https://100.64.0.1',
    'https://0.0.0.0',
    'https://[::1]',
    'https://[fd00::1]',
    'https://[fe80::1]',
    'https://[::ffff:127.0.0.1]',
    'https://metadata.google.internal',
    'https://printer.local',
    'https://intranet',
  ])('refuses %s', (url) => {
    expect(isPublicHttpsUrl(new URL(url))).toBe(false);
  });
});
