import { createHash } from 'node:crypto';
import { checkClientMetadata, isMetadataDocumentClientId } from '#shared/oauth/clients';
import { OAuthError } from '#shared/oauth/errors';
import { verifierMatches } from '#shared/oauth/pkce';
import { redirectUriProblem, redirectUriRegistered } from '#shared/oauth/redirect-uris';
import { requestedScope } from '#shared/oauth/scopes';
import { generateOAuthSecret, hashOAuthSecret, isOAuthSecret } from '#shared/oauth/tokens';

/** The authorization server's pure rules (docs/api.md, "Connecting an agent with OAuth"). */
describe('PKCE', () => {
  const verifier = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  it('matches the S256 challenge of its verifier only', () => {
    // RFC 7636 appendix B's example pair.
    expect(challenge).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifierMatches(verifier, challenge)).toBe(true);
    expect(verifierMatches(`${verifier}x`, challenge)).toBe(false);
    expect(verifierMatches('short', createHash('sha256').update('short').digest('base64url'))).toBe(false);
  });
});

describe('redirect URIs', () => {
  it.each([
    ['https://app.example/cb', undefined],
    ['http://127.0.0.1:8976/cb', undefined],
    ['http://localhost/cb', undefined],
    ['http://[::1]:9/cb', undefined],
    ['http://app.example/cb', 'must be https, or http on a loopback host (127.0.0.1, [::1], localhost)'],
    ['https://app.example/cb#x', 'must not have a fragment'],
    ['https://user:pw@app.example/cb', 'must not carry user information'],
    ['custom:/cb', 'must be https, or http on a loopback host (127.0.0.1, [::1], localhost)'],
    ['not a url', 'must be an absolute URL'],
  ])('%s', (uri, problem) => expect(redirectUriProblem(uri)).toBe(problem));

  it('compares exactly, but lets a loopback http URI pick its port (RFC 8252 section 7.3)', () => {
    expect(redirectUriRegistered('https://app.example/cb', ['https://app.example/cb'])).toBe(true);
    expect(redirectUriRegistered('https://app.example/cb/', ['https://app.example/cb'])).toBe(false);
    expect(redirectUriRegistered('https://app.example:444/cb', ['https://app.example/cb'])).toBe(false);
    expect(redirectUriRegistered('http://127.0.0.1:5000/cb', ['http://127.0.0.1:8976/cb'])).toBe(true);
    expect(redirectUriRegistered('http://127.0.0.1:5000/other', ['http://127.0.0.1:8976/cb'])).toBe(false);
  });
});

describe('scopes', () => {
  it('takes the highest asked for, draft by default, and refuses admin or unknown ones', () => {
    expect(requestedScope('read draft write')).toBe('write');
    expect(requestedScope('read')).toBe('read');
    expect(requestedScope(undefined)).toBe('draft');
    expect(requestedScope('admin')).toBeUndefined();
    expect(requestedScope('read profile')).toBeUndefined();
  });
});

describe('client metadata', () => {
  const refusal = (metadata: unknown) => {
    try {
      checkClientMetadata(metadata);
    } catch (error) {
      return (error as OAuthError).error;
    }
    return undefined;
  };
  it('keeps public clients with good redirect URIs, names a nameless one by its redirect host', () => {
    expect(checkClientMetadata({ redirect_uris: ['http://127.0.0.1:1/cb'] })).toEqual({
      client_name: '127.0.0.1:1',
      client_uri: null,
      redirect_uris: ['http://127.0.0.1:1/cb'],
    });
    expect(refusal({ redirect_uris: ['https://a.example/cb'], token_endpoint_auth_method: 'private_key_jwt' })).toBe(
      'invalid_client_metadata',
    );
    expect(refusal({ redirect_uris: Array.from({ length: 11 }, (_, i) => `https://a.example/${i}`) })).toBe('invalid_redirect_uri');
    expect(refusal({ redirect_uris: ['https://a.example/cb'], client_name: 'x'.repeat(101) })).toBe('invalid_client_metadata');
    expect(refusal('nope')).toBe('invalid_client_metadata');
  });
  it('recognises a client ID metadata document URL (https with a path; http on 127.0.0.1 only locally)', () => {
    expect(isMetadataDocumentClientId('https://app.example/oauth/client.json')).toBe(true);
    expect(isMetadataDocumentClientId('https://app.example/')).toBe(false);
    expect(isMetadataDocumentClientId('http://127.0.0.1:9/client.json')).toBe(false);
    expect(isMetadataDocumentClientId('http://127.0.0.1:9/client.json', { local: true })).toBe(true);
    expect(isMetadataDocumentClientId('spc_abc')).toBe(false);
  });
});

describe('secrets', () => {
  it('are prefixed by kind, checked by shape, stored by their SHA-256', () => {
    const access = generateOAuthSecret('access');
    expect(isOAuthSecret('access', access)).toBe(true);
    expect(isOAuthSecret('refresh', access)).toBe(false);
    expect(isOAuthSecret('access', `${access}x`)).toBe(false);
    expect(hashOAuthSecret(access)).toBe(createHash('sha256').update(access).digest('base64url'));
    expect(hashOAuthSecret(access)).not.toContain(access.slice(5));
  });
});
