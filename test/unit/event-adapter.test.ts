import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toHttpApiEvent, writeHttpApiResult } from '../../local/event-adapter';
import { matchRoute } from '../../local/router';

const request = (method: string, url: string, rawHeaders: string[]) =>
  Object.assign(new EventEmitter(), {
    method,
    url,
    rawHeaders,
    httpVersion: '1.1',
    socket: { remoteAddress: '127.0.0.1' },
  }) as unknown as IncomingMessage;

describe('local event adapter', () => {
  it('builds an API Gateway HTTP API (2.0) event', () => {
    const match = matchRoute('GET', '/posts/ABC');
    const event = toHttpApiEvent(
      request('GET', '/posts/ABC?limit=5&status=a&status=b', ['X-Api-Key', 'k1', 'X-API-KEY', 'k2', 'Cookie', 'a=1; b=2', 'Host', 'h']),
      Buffer.alloc(0),
      match,
      new Date('2026-11-22T00:00:00Z'),
    );
    expect(event).toMatchObject({
      version: '2.0',
      routeKey: 'GET /posts/{id}',
      rawPath: '/posts/ABC',
      rawQueryString: 'limit=5&status=a&status=b',
      headers: { 'x-api-key': 'k1,k2', host: 'h' },
      cookies: ['a=1', 'b=2'],
      queryStringParameters: { limit: '5', status: 'a,b' },
      pathParameters: { id: 'ABC' },
      requestContext: { http: { method: 'GET', path: '/posts/ABC' }, routeKey: 'GET /posts/{id}', timeEpoch: 1795305600000 },
      body: undefined,
      isBase64Encoded: false,
    });
    expect(event.requestContext.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a __proto__ parameter as a field, and base64-encodes a body that is not UTF-8', () => {
    const event = toHttpApiEvent(
      request('POST', '/posts?__proto__=x', []),
      Buffer.from([0x7b, 0xff, 0xfe, 0x7d]),
      matchRoute('POST', '/posts'),
    );
    expect(Object.keys(event.queryStringParameters ?? {})).toEqual(['__proto__']);
    expect(event).toMatchObject({ body: Buffer.from([0x7b, 0xff, 0xfe, 0x7d]).toString('base64'), isBase64Encoded: true });
    expect(toHttpApiEvent(request('POST', '/posts', []), Buffer.from('{"a":"é"}'), matchRoute('POST', '/posts'))).toMatchObject({
      body: '{"a":"é"}',
      isBase64Encoded: false,
    });
  });

  it('routes literal segments before parameters, and unknown paths to $default', () => {
    expect(matchRoute('GET', '/profiles/linkedin/callback').operation).toBe('linkedin-callback');
    expect(matchRoute('GET', '/profiles/123').operation).toBe('get-profile');
    expect(matchRoute('PATCH', '/posts')).toEqual({ operation: 'not-found', routeKey: '$default' });
    expect(matchRoute('GET', '/posts/a/b').operation).toBe('not-found');
    expect(matchRoute('GET', '/posts/').operation).toBe('not-found');
    expect(matchRoute('GET', '/posts/a%2Fb').pathParameters).toEqual({ id: 'a/b' });
  });

  it('writes status, headers, cookies and body back', () => {
    const written: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
    const response = {
      writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(written, { status, headers }),
      end: (body?: Buffer) => Object.assign(written, { body }),
    } as unknown as ServerResponse;
    writeHttpApiResult(response, { statusCode: 201, headers: { 'Content-Type': 'application/json' }, cookies: ['s=1'], body: '{"a":1}' });
    expect(written.status).toBe(201);
    expect(written.headers).toEqual({ 'content-type': 'application/json', 'set-cookie': ['s=1'], 'content-length': '7' });
    expect(written.body?.toString()).toBe('{"a":1}');
  });
});
