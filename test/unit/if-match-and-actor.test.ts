import { DomainError } from '#shared/domain/errors';
import { publicVersionOf } from '#shared/domain/post';
import { checkExpectedVersion } from '#shared/domain/version-check';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf, expectedVersionOf, parseIfMatch } from '#shared/http/if-match';

/** If-Match and expected_version (docs/api.md, "Versions and If-Match"), and who the audit trail names ("Audit trail"). */
const codeOf = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? { error: error.code, ...error.extras } : error;
  }
  return undefined;
};

describe('If-Match', () => {
  it('reads strong and weak tags, lists and *', () => {
    expect(parseIfMatch('"v3"')).toEqual({ versions: [3] });
    expect(parseIfMatch('W/"v3"')).toEqual({ versions: [3] });
    expect(parseIfMatch(' "v3" , W/"v12" ')).toEqual({ versions: [3, 12] });
    expect(parseIfMatch('*')).toBeUndefined();
    expect(etagOf(7)).toBe('"v7"');
  });

  it.each(['', 'v3', '"3"', '"v0"', '"v03"', '"v3",', 'w/"v3"', '"v3" "v4"', '"v1234567890123456"', '**'])(
    'refuses %p as INVALID_FIELD if-match',
    (header) => {
      expect(codeOf(() => parseIfMatch(header))).toEqual({ error: 'INVALID_FIELD', field: 'if-match' });
    },
  );

  it('combines the header with expected_version, and refuses them disagreeing', () => {
    expect(expectedVersionOf(undefined, undefined)).toBeUndefined();
    expect(expectedVersionOf(undefined, 4)).toEqual({ versions: [4] });
    expect(expectedVersionOf('"v4"', undefined)).toEqual({ versions: [4] });
    expect(expectedVersionOf('"v3", "v4"', 4)).toEqual({ versions: [4] });
    expect(expectedVersionOf('*', 4)).toEqual({ versions: [4] });
    expect(codeOf(() => expectedVersionOf('"v3"', 4))).toEqual({ error: 'INVALID_FIELD', field: 'expected_version' });
  });

  it('passes a pinned version the thing is at, and answers VERSION_MISMATCH with the current one otherwise', () => {
    expect(codeOf(() => checkExpectedVersion(undefined, 9))).toBeUndefined();
    expect(codeOf(() => checkExpectedVersion({ versions: [2, 3] }, 3))).toBeUndefined();
    expect(codeOf(() => checkExpectedVersion({ versions: [2] }, 3))).toEqual({ error: 'VERSION_MISMATCH', current_version: 3 });
  });
});

describe('public post version', () => {
  it('is the stored revision, or for a post from before it, its edits and retries on top of its creation', () => {
    expect(publicVersionOf({ revision: 5, version: 1 })).toBe(5);
    expect(publicVersionOf({})).toBe(1);
    expect(publicVersionOf({ version: 2 })).toBe(3);
  });
});

describe('audit actor', () => {
  it('names the OAuth client first, then the API key, else the dashboard owner', () => {
    expect(
      auditActorOf({ accountId: 'acc', apiKeyId: 'key', apiKeyName: 'ci', oauth: { connectionId: 'conn', clientName: 'Claude' } }),
    ).toEqual({
      type: 'oauth_client',
      id: 'conn',
      name: 'Claude',
    });
    expect(auditActorOf({ accountId: 'acc', apiKeyId: 'key', apiKeyName: 'ci' })).toEqual({ type: 'api_key', id: 'key', name: 'ci' });
    expect(auditActorOf({ accountId: 'acc', apiKeyId: 'key' })).toEqual({ type: 'api_key', id: 'key', name: null });
    expect(auditActorOf({ accountId: 'acc' })).toEqual({ type: 'dashboard', id: 'acc', name: null });
  });
});
