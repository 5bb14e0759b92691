import { DomainError } from '#shared/domain/errors';
import { checkReturnUrl, returnUrlWith, type ReturnUrlPolicy } from '#shared/platforms/linkedin/return-url';

const byDefault: ReturnUrlPolicy = { allowedHosts: [], publicBaseUrl: 'https://api.example.com/v1' };
const listed: ReturnUrlPolicy = { allowedHosts: ['app.example.com', 'localhost:5173'], publicBaseUrl: 'https://api.example.com/v1' };

function refusal(raw: string, policy = byDefault): unknown {
  try {
    checkReturnUrl(raw, policy);
  } catch (error) {
    return error instanceof DomainError ? { code: error.code, ...error.extras } : error;
  }
  return 'accepted';
}

describe('LinkedIn return_url policy', () => {
  it.each(['https://api.example.com/done', 'https://localhost/x', 'http://localhost:5173/done?tab=1', 'http://127.0.0.1:8080/cb'])(
    'accepts %s when no hosts are listed (the service host and localhost)',
    (raw) => {
      expect(refusal(raw)).toBe('accepted');
    },
  );

  it.each([
    ['another host', 'https://evil.example.com/x'],
    ['a look-alike host', 'https://api.example.com.evil.net/x'],
    ['http off localhost', 'http://api.example.com/x'],
    ['a non-web scheme', 'javascript:alert(1)'],
    ['ftp on localhost', 'ftp://localhost/x'],
    ['credentials', 'https://user:pw@api.example.com/x'],
    ['a relative URL', '/settings'],
    ['garbage', 'not a url'],
  ])('refuses %s with INVALID_FIELD return_url', (_, raw) => {
    expect(refusal(raw)).toEqual({ code: 'INVALID_FIELD', field: 'return_url' });
  });

  it('allows only the listed hosts when OAUTH_RETURN_URL_HOSTS is set', () => {
    expect(refusal('https://app.example.com/x', listed)).toBe('accepted');
    expect(refusal('http://localhost:5173/x', listed)).toBe('accepted');
    expect(refusal('http://localhost:3000/x', listed)).toEqual({ code: 'INVALID_FIELD', field: 'return_url' });
    expect(refusal('https://api.example.com/x', listed)).toEqual({ code: 'INVALID_FIELD', field: 'return_url' });
  });

  it("adds the outcome to the query, keeping the URL's own parameters and fragment", () => {
    expect(returnUrlWith('https://app.example.com/cb?tab=2#top', { status: 'error', details: 'a b&c' })).toBe(
      'https://app.example.com/cb?tab=2&status=error&details=a+b%26c#top',
    );
  });
});
