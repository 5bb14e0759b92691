import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Versions and If-Match (docs/api.md, "Versions and If-Match"): every post carries `version` and an
 * ETag; PATCH and schedule pinned to a version the post is no longer at answer 412 VERSION_MISMATCH
 * with `current_version` and change nothing; the check is the write's own condition.
 */
describe('post versions', () => {
  let service: TestService;
  const scheduler = new RecordingScheduler();
  const statuses: number[] = [];
  const call = async (...args: Parameters<TestService['call']>) => {
    const response = await service.call(...args);
    statuses.push(response.status);
    return response;
  };

  const account = async () => {
    const { accountId, apiKey } = await service.createAccount({ monthlyLimit: 50 });
    await service.connectProfile(accountId, 'bluesky');
    const created = await call('POST', '/keys', { key: apiKey, body: { name: 'proposing agent', scope: 'draft' } });
    registerSecret(created.json.api_key);
    return { accountId, admin: apiKey, agent: created.json.api_key as string };
  };
  const draftOf = async (key: string, content = 'A first idea') => {
    const created = await call('POST', '/posts', { key, body: { content, platforms: ['bluesky'], draft: true } });
    expect(created.status).toBe(201);
    return created;
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

  // The store modules read the table's name when loaded: after the service made it.
  let store: typeof import('#shared/store/posts') &
    typeof import('#shared/store/post-publication') &
    typeof import('#shared/store/post-changes');

  beforeAll(async () => {
    service = await startTestService({ RATE_LIMIT_REQUESTS: '100000' }, { scheduler });
    store = {
      ...(await import('#shared/store/posts')),
      ...(await import('#shared/store/post-publication')),
      ...(await import('#shared/store/post-changes')),
    };
  });
  afterAll(async () => {
    await service.stop();
    expect(statuses).not.toContain(500);
  });

  it('starts at 1 with an ETag on every answer carrying one post, and counts each change', async () => {
    const { admin } = await account();
    const created = await draftOf(admin);
    expect(created.json.post.version).toBe(1);
    expect(created.headers.get('etag')).toBe('"v1"');
    const id = created.json.post.id as string;

    const read = await call('GET', `/posts/${id}`, { key: admin });
    expect(read.headers.get('etag')).toBe('"v1"');
    const edited = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'A better idea' } });
    expect([edited.json.post.version, edited.headers.get('etag')]).toEqual([2, '"v2"']);
    // Nothing changed: nothing written, the version stays.
    const same = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'A better idea' } });
    expect(same.json.post.version).toBe(2);
    const scheduled = await call('POST', `/posts/${id}/schedule`, { key: admin, body: { scheduled_for: inAnHour() } });
    expect([scheduled.status, scheduled.json.post.version, scheduled.headers.get('etag')]).toEqual([200, 3, '"v3"']);
    const listed = await call('GET', '/posts?status=scheduled', { key: admin });
    expect(listed.json.posts.find((post: { id: string }) => post.id === id).version).toBe(3);
  });

  it("moves the version on the publisher's status changes too", async () => {
    const { admin } = await account();
    const created = await call('POST', '/posts', {
      key: admin,
      body: { content: 'Goes out later', platforms: ['bluesky'], scheduled_for: inAnHour() },
    });
    const id = created.json.post.id as string;
    const stored = (await store.getPostItem(id))!;
    const claimed = await store.claimScheduledPost(id, stored.post_time, 0);
    expect(claimed?.status).toBe('publishing');
    expect((await call('GET', `/posts/${id}`, { key: admin })).json.post.version).toBe(2);
    expect(await store.finalizePost(claimed!, 'failed', null, undefined)).toBe(true);
    const failed = await call('GET', `/posts/${id}`, { key: admin });
    expect([failed.json.post.status, failed.json.post.version]).toEqual(['failed', 3]);
  });

  it('refuses to approve a draft edited after the approver read it: 412, still a draft, nothing scheduled; the new version approves', async () => {
    const { admin, agent } = await account();
    const draft = await draftOf(agent, 'Launch on Monday');
    const id = draft.json.post.id as string;
    const shown = await call('GET', `/posts/${id}`, { key: admin }); // what the person reads: v1
    const edited = await call('PATCH', `/posts/${id}`, { key: agent, body: { content: 'Launch on Monday, and buy our coin' } });
    expect(edited.json.post.version).toBe(2);

    const byHeader = await call('POST', `/posts/${id}/schedule`, {
      key: admin,
      body: { scheduled_for: inAnHour() },
      headers: { 'if-match': shown.headers.get('etag')! },
    });
    expect(byHeader.status).toBe(412);
    expect(byHeader.json).toEqual({ error: 'VERSION_MISMATCH', message: expect.stringContaining('(2)'), current_version: 2 });
    const byBody = await call('POST', `/posts/${id}/schedule`, { key: admin, body: { scheduled_for: inAnHour(), expected_version: 1 } });
    expect(byBody.status).toBe(412);
    expect(byBody.json).toMatchObject({ error: 'VERSION_MISMATCH', current_version: 2 });
    const queued = await call('POST', `/posts/${id}/schedule`, { key: admin, body: { queue: true, expected_version: 1 } });
    expect(queued.json).toMatchObject({ error: 'VERSION_MISMATCH', current_version: 2 });

    const after = await call('GET', `/posts/${id}`, { key: admin });
    expect([after.json.post.status, after.json.post.version]).toEqual(['draft', 2]);
    expect(scheduler.scheduled.has(id)).toBe(false);
    expect(scheduler.immediate).not.toContain(id);
    expect((await call('GET', '/usage', { key: admin })).json.usage.used).toBe(0);

    const approved = await call('POST', `/posts/${id}/schedule`, {
      key: admin,
      body: { scheduled_for: inAnHour() },
      headers: { 'if-match': after.headers.get('etag')! },
    });
    expect(approved.status).toBe(200);
    expect(approved.json.post).toMatchObject({ status: 'scheduled', content: 'Launch on Monday, and buy our coin', version: 3 });
    expect(scheduler.scheduled.has(id)).toBe(true);
  });

  it('pins PATCH the same way, by header or body, and takes a weak tag, a list and *', async () => {
    const { admin } = await account();
    const id = (await draftOf(admin)).json.post.id as string;
    await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'second' } }); // v2

    const stale = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'third' }, headers: { 'if-match': '"v1"' } });
    expect([stale.status, stale.json.error, stale.json.current_version]).toEqual([412, 'VERSION_MISMATCH', 2]);
    const staleBody = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'third', expected_version: 1 } });
    expect(staleBody.status).toBe(412);
    expect((await call('GET', `/posts/${id}`, { key: admin })).json.post.content).toBe('second');

    const weak = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'third' }, headers: { 'if-match': 'W/"v2"' } });
    expect([weak.status, weak.json.post.version]).toEqual([200, 3]);
    const list = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'fourth' }, headers: { 'if-match': '"v2", "v3"' } });
    expect([list.status, list.json.post.version]).toEqual([200, 4]);
    const any = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'fifth' }, headers: { 'if-match': '*' } });
    expect(any.status).toBe(200);
    const both = await call('PATCH', `/posts/${id}`, {
      key: admin,
      body: { content: 'sixth', expected_version: 5 },
      headers: { 'if-match': '"v5"' },
    });
    expect([both.status, both.json.post.version]).toEqual([200, 6]);
  });

  it('takes expected_version through the MCP tools schedule_post and edit_post, refusing a stale one with the error body', async () => {
    const { admin, agent } = await account();
    const id = (await draftOf(agent)).json.post.id as string;
    await call('PATCH', `/posts/${id}`, { key: agent, body: { content: 'changed by the agent' } }); // v2
    const tool = async (key: string, name: string, args: Record<string, unknown>) => {
      const answer = await call('POST', '/mcp', {
        key,
        headers: { accept: 'application/json, text/event-stream' },
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      return answer.json.result as { isError?: boolean; structuredContent: Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    const stale = await tool(admin, 'schedule_post', { id, scheduled_for: inAnHour(), expected_version: 1 });
    expect(stale.isError).toBe(true);
    expect(stale.structuredContent).toMatchObject({ error: 'VERSION_MISMATCH', current_version: 2 });
    const edited = await tool(agent, 'edit_post', { id, content: 'the agent again', expected_version: 2 });
    expect(edited.structuredContent.post).toMatchObject({ content: 'the agent again', version: 3 });
    const approved = await tool(admin, 'schedule_post', { id, scheduled_for: inAnHour(), expected_version: 3 });
    expect(approved.structuredContent.post).toMatchObject({ status: 'scheduled', version: 4 });
  });

  it('answers a malformed If-Match, or one that disagrees with expected_version, with 400 INVALID_FIELD', async () => {
    const { admin } = await account();
    const id = (await draftOf(admin)).json.post.id as string;
    for (const header of ['v1', '"1"', '"v0"', '"v1",', 'W/v1', '']) {
      const refused = await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'x' }, headers: { 'if-match': header } });
      expect([header, refused.status, refused.json.error, refused.json.field]).toEqual([header, 400, 'INVALID_FIELD', 'if-match']);
    }
    const disagree = await call('PATCH', `/posts/${id}`, {
      key: admin,
      body: { content: 'x', expected_version: 2 },
      headers: { 'if-match': '"v1"' },
    });
    expect(disagree.json).toMatchObject({ error: 'INVALID_FIELD', field: 'expected_version' });
    const notInteger = await call('PATCH', `/posts/${id}`, { key: admin, body: { expected_version: 'v1' } });
    expect(notInteger.json).toMatchObject({ error: 'INVALID_FIELD', field: 'expected_version' });
    expect((await call('GET', `/posts/${id}`, { key: admin })).json.post.version).toBe(1);
  });

  it('makes a write planned from a read that an edit overtook fail by its condition, not by a second read', async () => {
    const { admin } = await account();
    const id = (await draftOf(admin)).json.post.id as string;
    const read = (await store.getPostItem(id))!;
    // An edit lands between the read and the write.
    await call('PATCH', `/posts/${id}`, { key: admin, body: { content: 'the edit in between' } });
    const planned = { ...read, content: 'planned from the stale read', revision: 2 };
    await expect(store.writeTransaction([store.replacePostItem(planned, read)])).rejects.toThrow(/cancel/i);
    expect((await store.getPostItem(id))?.content).toBe('the edit in between');
  });
});
