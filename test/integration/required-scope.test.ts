import type { KeyScope } from '#shared/domain/key-scopes';
import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type CallResult, type TestService } from '../support/test-service';

/**
 * `required_scope` names what THIS call needs (docs/api.md, "Key scopes"; issue 38 item 5): a
 * post needs `write`, a draft `draft`, an edit or deletion what the post's status asks; and a
 * key of the scope named gets the call done. Still checked before the body is validated.
 */
const minuteAligned = (minutesAhead: number) => {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  at.setUTCSeconds(0, 0);
  return at.toISOString();
};

describe('required_scope of the call', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  let keys: Record<KeyScope, string>;

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler });
    const { accountId, apiKey } = await service.createAccount({ plan: 'pro' });
    registerSecret(apiKey);
    await service.connectProfile(accountId, 'bluesky');
    keys = { admin: apiKey } as Record<KeyScope, string>;
    for (const scope of ['read', 'draft', 'write'] as const) {
      const created = await service.call('POST', '/keys', { key: apiKey, body: { name: `${scope} key`, scope } });
      registerSecret(created.json.api_key);
      keys[scope] = created.json.api_key;
    }
  });
  afterAll(() => service.stop());

  const insufficient = (scope: KeyScope) => ({ error: 'INSUFFICIENT_SCOPE', message: expect.any(String), required_scope: scope });
  const expectRefused = (response: CallResult, scope: KeyScope) => {
    expect([response.status, response.json]).toEqual([403, insufficient(scope)]);
  };
  const post = { content: 'A post', platforms: ['bluesky'] };
  const draft = { ...post, draft: true };

  it('tells a read key creating a post that it needs write, and a write key then creates it', async () => {
    expectRefused(await service.call('POST', '/posts', { key: keys.read, body: post }), 'write');
    expectRefused(await service.call('POST', '/posts', { key: keys.read, body: { ...post, draft: false } }), 'write');
    expectRefused(await service.call('POST', '/posts', { key: keys.draft, body: post }), 'write');
    const followed = await service.call('POST', '/posts', { key: keys.write, body: post });
    expect(followed.status).toBe(201);
    expect(followed.json.post.status).not.toBe('draft');
  });

  it('tells a read key creating a draft that it needs draft, and a draft key then creates it', async () => {
    expectRefused(await service.call('POST', '/posts', { key: keys.read, body: draft }), 'draft');
    const followed = await service.call('POST', '/posts', { key: keys.draft, body: draft });
    expect(followed.status).toBe(201);
    expect(followed.json.post.status).toBe('draft');
  });

  it('still answers the scope before the body: an unreadable body gets the route least scope, a bad `draft` too', async () => {
    const garbage = await service.call('POST', '/posts', {
      key: keys.read,
      rawBody: '{"draft": true,',
      headers: { 'content-type': 'application/json' },
    });
    expectRefused(garbage, 'draft');
    // The key that passes hears of the body's real fault, whatever scope is named.
    const invalid = await service.call('POST', '/posts', {
      key: keys.draft,
      rawBody: '{"draft": true,',
      headers: { 'content-type': 'application/json' },
    });
    expect(invalid.json.error).toBe('INVALID_JSON');
    expectRefused(await service.call('POST', '/posts', { key: keys.read, body: { ...post, draft: 'yes' } }), 'draft');
    const badDraft = await service.call('POST', '/posts', { key: keys.draft, body: { ...post, draft: 'yes' } });
    expect(badDraft.json).toMatchObject({ error: 'INVALID_FIELD', field: 'draft' });
    // Invalid content with a read key: the scope comes first, and names write (it asks for a post).
    expectRefused(await service.call('POST', '/posts', { key: keys.read, body: { content: '', platforms: ['bluesky'] } }), 'write');
  });

  it('names what a whole batch needs: draft when every item is a draft, else write', async () => {
    const batch = (...posts: unknown[]) => ({ posts });
    expectRefused(await service.call('POST', '/posts/batch', { key: keys.read, body: batch(draft, draft) }), 'draft');
    expectRefused(await service.call('POST', '/posts/batch', { key: keys.read, body: batch(draft, post) }), 'write');
    expectRefused(await service.call('POST', '/posts/batch', { key: keys.draft, body: batch(post, post) }), 'write');
    // A draft key with a mixed batch still creates its drafts; the other items answer on their own.
    const mixed = await service.call('POST', '/posts/batch', { key: keys.draft, body: batch(draft, post) });
    expect(mixed.status).toBe(200);
    expect(mixed.json.results.map((result: { status: number }) => result.status)).toEqual([201, 403]);
    expect(mixed.json.results[1].error).toEqual(insufficient('write'));
    // Following the advice: a write key creates all of them.
    const followed = await service.call('POST', '/posts/batch', { key: keys.write, body: batch(draft, post) });
    expect(followed.json.results.map((result: { status: number }) => result.status)).toEqual([201, 201]);
  });

  it('names what an edit or a deletion of this post needs: its status decides', async () => {
    const created = await service.call('POST', '/posts', { key: keys.write, body: { ...draft, content: 'A draft to change' } });
    const draftId = created.json.post.id as string;
    const scheduled = await service.call('POST', '/posts', {
      key: keys.write,
      body: { ...post, content: 'Scheduled', scheduled_for: minuteAligned(90) },
    });
    const scheduledId = scheduled.json.post.id as string;

    expectRefused(await service.call('PATCH', `/posts/${draftId}`, { key: keys.read, body: { content: 'x' } }), 'draft');
    expectRefused(await service.call('DELETE', `/posts/${draftId}`, { key: keys.read }), 'draft');
    expectRefused(await service.call('PATCH', `/posts/${scheduledId}`, { key: keys.read, body: { content: 'x' } }), 'write');
    expectRefused(await service.call('DELETE', `/posts/${scheduledId}`, { key: keys.read }), 'write');
    expectRefused(await service.call('PATCH', `/posts/${scheduledId}`, { key: keys.draft, body: { content: 'x' } }), 'write');
    // Unknown, another account's, or not an id: the route's least scope (nothing told about the post).
    const other = await service.createAccount();
    registerSecret(other.apiKey);
    const foreign = await service.call('POST', '/keys', { key: other.apiKey, body: { name: 'reader', scope: 'read' } });
    registerSecret(foreign.json.api_key);
    expectRefused(await service.call('DELETE', `/posts/${scheduledId}`, { key: foreign.json.api_key }), 'draft');
    expectRefused(await service.call('DELETE', '/posts/00000000-0000-4000-8000-000000000000', { key: keys.read }), 'draft');
    expectRefused(await service.call('DELETE', '/posts/not-an-id', { key: keys.read }), 'draft');

    // Following each answer works.
    const edited = await service.call('PATCH', `/posts/${draftId}`, { key: keys.draft, body: { content: 'Changed by the draft key' } });
    expect([edited.status, edited.json.post.content]).toEqual([200, 'Changed by the draft key']);
    expect((await service.call('DELETE', `/posts/${draftId}`, { key: keys.draft })).status).toBe(204);
    expect((await service.call('DELETE', `/posts/${scheduledId}`, { key: keys.write })).status).toBe(204);
  });
});
