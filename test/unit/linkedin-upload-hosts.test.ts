import { ConfigError, envToConfig } from '#shared/config';
import { isAllowedUploadUrl } from '#shared/platforms/linkedin/upload-hosts';

/** LINKEDIN_UPLOAD_HOSTS (shared/config.ts) and the rule applied to each upload URL (shared/platforms/linkedin/upload-hosts.ts). */
describe('LinkedIn upload hosts', () => {
  const defaults = envToConfig({}).linkedin.uploadHosts;

  it("defaults to LinkedIn's hosts over https", () => {
    expect(defaults).toEqual(['https://*.linkedin.com', 'https://*.licdn.com']);
  });

  it.each([
    ['https://www.linkedin.com/dms-uploads/D5510AQH/uploaded-image/0?ca=vector_feedshare&cn=uploads', true],
    ['https://api.linkedin.com/mediaUpload/C5522AQH/feedshare-uploadedImage/0', true],
    ['https://media.licdn.com/dms/image/upload', true],
    ['https://www.linkedin.com:443/dms-uploads/x', true],
    ['http://www.linkedin.com/dms-uploads/x', false],
    ['https://www.linkedin.com:8443/dms-uploads/x', false],
    ['https://linkedin.com.evil.example/dms-uploads/x', false],
    ['https://evil-linkedin.com/dms-uploads/x', false],
    ['https://linkedin.com/dms-uploads/x', false],
    ['https://user:pass@www.linkedin.com/dms-uploads/x', false],
    ['https://127.0.0.1/dms-uploads/x', false],
    ['not a url', false],
  ])('%s: %s by default', (url, allowed) => {
    expect(isAllowedUploadUrl(url, defaults)).toBe(allowed);
  });

  it('takes origins, bare hosts (https) and wildcards from the setting', () => {
    const hosts = envToConfig({ LINKEDIN_UPLOAD_HOSTS: ' http://127.0.0.1:4010/ , uploads.example.com,*.Example.org ' }).linkedin
      .uploadHosts;
    expect(hosts).toEqual(['http://127.0.0.1:4010', 'https://uploads.example.com', 'https://*.example.org']);
    expect(isAllowedUploadUrl('http://127.0.0.1:4010/dms-uploads/x', hosts)).toBe(true);
    expect(isAllowedUploadUrl('http://127.0.0.1:4011/dms-uploads/x', hosts)).toBe(false);
    expect(isAllowedUploadUrl('https://127.0.0.1:4010/dms-uploads/x', hosts)).toBe(false);
    expect(isAllowedUploadUrl('https://uploads.example.com/x', hosts)).toBe(true);
    expect(isAllowedUploadUrl('http://uploads.example.com/x', hosts)).toBe(false);
    expect(isAllowedUploadUrl('https://a.b.example.org/x', hosts)).toBe(true);
  });

  it.each(['https://*', 'ftp://uploads.example.com', 'https://uploads.example.com/path', '*.*.example.com', 'https://exa mple.com'])(
    'refuses %s as a setting, at start',
    (entry) => {
      expect(() => envToConfig({ LINKEDIN_UPLOAD_HOSTS: entry })).toThrow(ConfigError);
    },
  );
});
