import { requestHash } from '#shared/http/idempotency';
import type { HttpEvent, HttpRequest } from '#shared/http/types';
import { batchItemRecordKey, idempotencyRecordKey, legacyIdempotencyKey } from '#shared/store/idempotency-records';

/**
 * docs/decisions/0161-idempotency-namespaces.md and 0162: record keys no client value can name, and
 * a request hash that is the operation's, not the transport's.
 */
function request(rawPath: string, body: unknown, options: { rawBody?: string; pathParameters?: Record<string, string> } = {}): HttpRequest {
  const event = {
    rawPath,
    pathParameters: options.pathParameters,
    body: options.rawBody ?? JSON.stringify(body),
    requestContext: { http: { method: 'POST' } },
  } as unknown as HttpEvent;
  return { event, context: { state: { body } } } as unknown as HttpRequest;
}

describe('idempotency record keys', () => {
  const account = 'acc-1';

  it('no key value of a plain request names a batch item, another operation or an old record', () => {
    const batch = idempotencyRecordKey(account, 'create-posts-batch', 'K');
    const item0 = batchItemRecordKey(batch, 0);
    const squatters = ['K#ITEM#0', 'create-posts-batch#ITEM#0', 'OP#create-posts-batch#ITEM#0'].flatMap((value) =>
      ['create-post', 'create-posts-batch'].map((operation) => idempotencyRecordKey(account, operation, value)),
    );
    for (const squatter of squatters) expect(squatter).not.toEqual(item0);
    expect(idempotencyRecordKey(account, 'create-post', 'K')).not.toEqual(idempotencyRecordKey(account, 'create-webhook', 'K'));
    expect(item0.sk).toBe('OP#create-posts-batch#ITEM#0');
    expect(item0.pk).toBe(batch.pk);
    expect(batch.pk).toMatch(/^IDEMPOTENCY#acc-1#[A-Za-z0-9_-]{43}$/);
    expect(legacyIdempotencyKey(account, 'K')).toEqual({ pk: 'IDEMPOTENCY#acc-1#K', sk: 'IDEMPOTENCY' });
  });
});

describe('request hash', () => {
  const body = { content: 'hello', platforms: ['bluesky'], scheduled_for: '2030-01-01T10:00:00.000Z' };

  it('is the same through the stage, the dashboard and an MCP tool call, and for the same JSON written otherwise', () => {
    const stage = requestHash('create-post', request('/v1/posts', body));
    expect(requestHash('create-post', request('/posts', body))).toBe(stage);
    expect(requestHash('create-post', request('/dashboard/api/posts', body))).toBe(stage);
    const reordered = { scheduled_for: body.scheduled_for, platforms: body.platforms, content: body.content };
    expect(requestHash('create-post', request('/posts', reordered, { rawBody: JSON.stringify(reordered, null, 2) }))).toBe(stage);
  });

  it('differs by operation, path parameter and body', () => {
    const base = requestHash('edit-post', request('/posts/a', body, { pathParameters: { id: 'a' } }));
    expect(requestHash('edit-post', request('/posts/b', body, { pathParameters: { id: 'b' } }))).not.toBe(base);
    expect(requestHash('schedule-post', request('/posts/a', body, { pathParameters: { id: 'a' } }))).not.toBe(base);
    expect(requestHash('edit-post', request('/posts/a', { ...body, content: 'hello!' }, { pathParameters: { id: 'a' } }))).not.toBe(base);
    expect(requestHash('edit-post', request('/posts/a', { ...body, platforms: ['linkedin'] }, { pathParameters: { id: 'a' } }))).not.toBe(
      base,
    );
  });
});
