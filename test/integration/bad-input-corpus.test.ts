import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { ScanCommand } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { RecordingScheduler } from '../support/recording-scheduler';
import { registerSecret } from '../support/secret-registry';
import { startTestService, type TestService } from '../support/test-service';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';
import { PASSWORD, signIn, uniqueEmail } from './dashboard-client';
import { eventually } from '../support/eventually';

/**
 * The bad-input corpus: malformed requests over every public endpoint, each with the exact
 * status and code (and extra fields where docs/api.md, "Errors" names them). None may answer 500 or
 * show a stack trace, a file path or an internal name, and none may write to the store.
 *
 * The dashboard's API is in too: its session cookie and CSRF token, and the wall between the
 * two authentications (no API key on the dashboard, no session on the public API).
 *
 * Requests go out through node:http (header names and duplicates exactly as written, no
 * default content type, paths not normalised) or, for request lines no client would send,
 * a raw socket. The store is compared item by item before and after the corpus, except what
 * every authenticated request writes by design: the rate-limit counter on its key's lookup
 * item (`rl_window`, `rl_count`) and its key's `last_used_at` (written once per window).
 */
interface Wire {
  method: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** A whole request written to a socket instead (request line, headers, body). */
  raw?: string;
}
interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}
interface Expected {
  status: number;
  code?: string;
  extras?: Record<string, unknown>;
  message?: RegExp;
}
interface Context {
  keyA: string; // pro plan, LinkedIn and Bluesky connected, one scheduled and one publishing post
  keyB: string; // free plan, nothing connected: a valid post body reaches PLATFORMS_NOT_CONNECTED
  deletedKey: string;
  scheduledPost: string;
  publishingPost: string;
  profileOfB: string;
  keyOfB: string;
  cursorA: string;
  cursorB: string;
  /** A dashboard session of account A: `__Host-sps_session=<id>`, and its CSRF token. */
  cookie: string;
  csrf: string;
  /** A webhook of account A, and a deliveries cursor of another of A's webhooks. */
  webhookA: string;
  foreignCursor: string;
}
type Row = [name: string, build: (ctx: Context) => Wire, expected: Expected];

const UUID = '00000000-0000-4000-8000-000000000000';
const JSON_TYPE = { 'content-type': 'application/json' };
const VALID = ['linkedin', 'bluesky'];
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
/** A date-time a day ahead up to its seconds (`2026-11-24T10:00:00`), then `suffix`. */
const dayAhead = (suffix: string) => `${inHours(24).slice(0, 19)}${suffix}`;

const bodyOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
/** `/posts/<scheduledPost>` → the context's post id. */
const fill = (path: string, ctx: Context) => path.replace(/<(\w+)>/g, (_m, name: keyof Context) => ctx[name]);
const json =
  (key: keyof Context, method: string, path: string, body: unknown, headers: Record<string, string | string[]> = {}) =>
  (ctx: Context): Wire => ({
    method,
    path: fill(path, ctx),
    headers: { 'x-api-key': ctx[key], ...JSON_TYPE, ...headers },
    body: bodyOf(body),
  });
const get =
  (key: keyof Context | undefined, path: string, headers: Record<string, string | string[]> = {}) =>
  (ctx: Context): Wire => ({ method: 'GET', path, headers: { ...(key ? { 'x-api-key': ctx[key] } : {}), ...headers } });
const err = (status: number, code: string, extras?: Record<string, unknown>, message?: RegExp): Expected => ({
  status,
  code,
  extras,
  message,
});
const invalidField = (field: string, message?: RegExp) => err(400, 'INVALID_FIELD', { field }, message);
const missing = (field: string) => err(400, 'MISSING_REQUIRED_FIELD', { field });
const INVALID_JSON = err(400, 'INVALID_JSON');
const UNSUPPORTED = err(415, 'UNSUPPORTED_MEDIA_TYPE', undefined, /content-type: application\/json/);
const TOO_LARGE = err(413, 'PAYLOAD_TOO_LARGE', { max_bytes: 65536 });
const INVALID_PLATFORMS = err(400, 'INVALID_PLATFORMS', { valid_platforms: VALID });
const INVALID_TIME = err(400, 'INVALID_SCHEDULED_TIME');
const NOT_CONNECTED_B = err(400, 'PLATFORMS_NOT_CONNECTED', { missing_platforms: ['bluesky'] });
const NOT_FOUND = err(404, 'NOT_FOUND');
const INVALID_ID = err(400, 'INVALID_ID');

// ---- Every endpoint with a JSON body: the same faults. Valid bodies, so only the fault answers.
const bodyEndpoints: [string, string, Record<string, unknown>][] = [
  ['POST /posts', '/posts', { content: 'hi', platforms: ['bluesky'] }],
  ['POST /posts/preview', '/posts/preview', { content: 'hi', platforms: ['bluesky'] }],
  ['POST /keys', '/keys', { name: 'ci' }],
  ['POST /profiles/bluesky', '/profiles/bluesky', { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop' }],
  ['POST /profiles/linkedin/authorize', '/profiles/linkedin/authorize', { return_url: 'http://localhost/done' }],
  ['PATCH /posts/{id}', '/posts/<scheduledPost>', { content: 'hi' }],
  ['POST /posts/{id}/retry', '/posts/<scheduledPost>/retry', { include_outcome_unknown: false }],
  ['POST /posts/{id}/schedule', '/posts/<scheduledPost>/schedule', { scheduled_for: null }],
  ['POST /webhooks', '/webhooks', { url: 'https://hooks.example.com/x' }],
];
const malformed = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1}}',
  'nul',
  '{"a":"\\x"}',
  '{"a":1} trailing',
  '\ufeff{}',
  '{"a":"\u0001"}',
  '{"a":1e999999',
];
const notObjects = ['[]', '[{}]', '"text"', '42', 'true', 'null'];
const mediaTypes: [string, Record<string, string>][] = [
  ['no content type', {}],
  ['text/plain', { 'content-type': 'text/plain' }],
  ['a form', { 'content-type': 'application/x-www-form-urlencoded' }],
  ['multipart', { 'content-type': 'multipart/form-data; boundary=x' }],
  ['text/json', { 'content-type': 'text/json' }],
  ['application/jsonp', { 'content-type': 'application/jsonp' }],
  ['two content types in one header', { 'content-type': 'application/json, text/plain' }],
];
const genericRows: Row[] = bodyEndpoints.flatMap(([name, path, valid]): Row[] => {
  const method = name.split(' ')[0];
  return [
    ...malformed.map((raw): Row => [
      `${name}: malformed JSON ${JSON.stringify(raw.slice(0, 20))}`,
      json('keyA', method, path, raw),
      INVALID_JSON,
    ]),
    ...notObjects.map((raw): Row => [`${name}: JSON ${raw} is not an object`, json('keyA', method, path, raw), INVALID_JSON]),
    ...mediaTypes.map(([label, headers]): Row => [
      `${name}: valid JSON sent as ${label}`,
      (ctx) => ({ method, path: fill(path, ctx), headers: { 'x-api-key': ctx.keyA, ...headers }, body: JSON.stringify(valid) }),
      UNSUPPORTED,
    ]),
    [
      `${name}: 65537 bytes`,
      json('keyA', method, path, { ...valid, pad: 'x'.repeat(65537 - JSON.stringify({ ...valid, pad: '' }).length) }),
      TOO_LARGE,
    ],
    [
      `${name}: 1 MiB without a content type (413 before 415)`,
      (ctx) => ({ method, path: fill(path, ctx), headers: { 'x-api-key': ctx.keyA }, body: 'x'.repeat(1 << 20) }),
      TOO_LARGE,
    ],
    [`${name}: 22 000 three-byte characters (66 000 bytes)`, json('keyA', method, path, { ...valid, pad: '€'.repeat(22_000) }), TOO_LARGE],
    [`${name}: 10 000 nested arrays in an unknown field`, json('keyA', method, path, `{"deep":${nested(10_000)}}`), invalidField('deep')],
    [
      `${name}: 10 000 nested objects in an unknown field`,
      json('keyA', method, path, `{"deep":${nestedObjects(10_000)}}`),
      invalidField('deep'),
    ],
    [
      `${name}: a __proto__ field`,
      json('keyA', method, path, `{"__proto__":{"admin":true},${JSON.stringify(valid).slice(1)}`),
      invalidField('__proto__'),
    ],
    [`${name}: a constructor field`, json('keyA', method, path, { ...valid, constructor: { prototype: {} } }), invalidField('constructor')],
  ];
});

// ---- POST /posts: every field, unicode, nesting, idempotency-key.
const post = (body: unknown, key: keyof Context = 'keyA', headers: Record<string, string | string[]> = {}) =>
  json(key, 'POST', '/posts', body, headers);
const onB = (content: string) => post({ content, platforms: ['bluesky'] }, 'keyB');
const postRows: Row[] = [
  ['content absent', post({ platforms: ['bluesky'] }), missing('content')],
  ['content null', post({ content: null, platforms: ['bluesky'] }), missing('content')],
  ['content empty', post({ content: '', platforms: ['bluesky'] }), missing('content')],
  ['content a number', post({ content: 1, platforms: ['bluesky'] }), invalidField('content')],
  ['content a boolean', post({ content: true, platforms: ['bluesky'] }), invalidField('content')],
  ['content an array of strings', post({ content: ['hi'], platforms: ['bluesky'] }), invalidField('content')],
  ['content an object', post({ content: { text: 'hi' }, platforms: ['bluesky'] }), invalidField('content')],
  ['content 10 000 nested arrays', post(`{"content":${nested(10_000)},"platforms":["bluesky"]}`), invalidField('content')],
  ['content twice, the last a number (last wins)', post('{"content":"hi","content":5,"platforms":["bluesky"]}'), invalidField('content')],
  [
    'content 3001 characters',
    post({ content: 'x'.repeat(3001), platforms: ['bluesky'] }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }),
  ],
  [
    'content 3000 emoji (6000 UTF-16 units)',
    post({ content: '😀'.repeat(3000), platforms: ['bluesky'] }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 6000 }),
  ],
  [
    'content 1501 × e + combining accent (3002 units)',
    post({ content: 'e\u0301'.repeat(1501), platforms: ['bluesky'] }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3002 }),
  ],
  ['content with a lone high surrogate (\\ud800)', post('{"content":"a\\ud800b","platforms":["bluesky"]}'), invalidField('content')],
  ['content with a lone low surrogate (\\udc00)', post('{"content":"a\\udc00b","platforms":["bluesky"]}'), invalidField('content')],
  ['content with a reversed surrogate pair', post('{"content":"\\ude00\\ud83d","platforms":["bluesky"]}'), invalidField('content')],
  ['content only a BOM (JavaScript whitespace)', post({ content: '\ufeff', platforms: ['bluesky'] }), missing('content')],
  ['content only no-break spaces', post({ content: '\u00a0\u00a0', platforms: ['bluesky'] }), missing('content')],
  ['content only ideographic spaces', post({ content: '\u3000', platforms: ['bluesky'] }), missing('content')],
  ['content only line and paragraph separators', post({ content: '\u2028\u2029', platforms: ['bluesky'] }), missing('content')],
  // Accepted text (the answer is the next rule's: nothing connected on account B).
  ['accepted: a valid surrogate pair via escapes', post('{"content":"\\ud83d\\ude00","platforms":["bluesky"]}', 'keyB'), NOT_CONNECTED_B],
  ['accepted: zero-width space, joiner and non-joiner', onB('a\u200bb\u200dc\u200cd'), NOT_CONNECTED_B],
  ['accepted: only a zero-width space (not whitespace in Unicode)', onB('\u200b'), NOT_CONNECTED_B],
  ['accepted: right-to-left mark and override', onB('\u200fשלום \u202eabc'), NOT_CONNECTED_B],
  ['accepted: a NUL character', onB('a\u0000b'), NOT_CONNECTED_B],
  ['accepted: 1500 emoji (exactly 3000 UTF-16 units)', onB('😀'.repeat(1500)), NOT_CONNECTED_B],
  [
    'accepted: application/json with charset',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'content-type': 'application/json; charset=utf-8' }),
    NOT_CONNECTED_B,
  ],
  [
    'accepted: APPLICATION/JSON in capitals',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'content-type': 'APPLICATION/JSON' }),
    NOT_CONNECTED_B,
  ],
  [
    'accepted: a +json media type',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'content-type': 'application/vnd.api+json' }),
    NOT_CONNECTED_B,
  ],
  [
    'two content-type headers',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'content-type': ['application/json', 'application/json'] }),
    UNSUPPORTED,
  ],
  [
    'a body that is not UTF-8 (0xff inside a string)',
    (ctx) => ({
      method: 'POST',
      path: '/posts',
      headers: { 'x-api-key': ctx.keyB, ...JSON_TYPE },
      body: Buffer.concat([Buffer.from('{"content":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('b","platforms":["bluesky"]}')]),
    }),
    INVALID_JSON,
  ],
  ['platforms absent', post({ content: 'hi' }), missing('platforms')],
  ['platforms null', post({ content: 'hi', platforms: null }), missing('platforms')],
  ['platforms a string', post({ content: 'hi', platforms: 'bluesky' }), INVALID_PLATFORMS],
  ['platforms an object', post({ content: 'hi', platforms: { bluesky: true } }), INVALID_PLATFORMS],
  ['platforms empty', post({ content: 'hi', platforms: [] }), INVALID_PLATFORMS],
  ['platforms [null]', post({ content: 'hi', platforms: [null] }), INVALID_PLATFORMS],
  ['platforms [1]', post({ content: 'hi', platforms: [1] }), INVALID_PLATFORMS],
  ['platforms [[]]', post({ content: 'hi', platforms: [[]] }), INVALID_PLATFORMS],
  ['platforms in capitals', post({ content: 'hi', platforms: ['LINKEDIN'] }), INVALID_PLATFORMS],
  ['platforms with a trailing space', post({ content: 'hi', platforms: ['bluesky '] }), INVALID_PLATFORMS],
  ['platforms 10 000 nested arrays', post(`{"content":"hi","platforms":${nested(10_000)}}`), INVALID_PLATFORMS],
  [
    'platform (singular) instead of platforms',
    post({ content: 'hi', platform: ['bluesky'] }),
    invalidField('platform', /did you mean platforms\?/),
  ],
  ['Content in capitals', post({ Content: 'hi', platforms: ['bluesky'] }), invalidField('Content', /did you mean content\?/)],
  ...([1, true, [], {}, '', ' '] as unknown[]).map((value): Row => [
    `scheduled_for ${JSON.stringify(value)}`,
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: value }),
    INVALID_TIME,
  ]),
  ['scheduled_for 10 000 nested arrays', post(`{"content":"hi","platforms":["bluesky"],"scheduled_for":${nested(10_000)}}`), INVALID_TIME],
  ['scheduled_for without a zone', post({ content: 'hi', platforms: ['bluesky'], scheduled_for: dayAhead('') }), INVALID_TIME],
  [
    'scheduled_for without seconds',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: `${inHours(24).slice(0, 16)}Z` }),
    INVALID_TIME,
  ],
  [
    'scheduled_for with a space for T',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: dayAhead('Z').replace('T', ' ') }),
    INVALID_TIME,
  ],
  [
    'scheduled_for 24:00:00',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: `${inHours(24).slice(0, 10)}T24:00:00Z` }),
    INVALID_TIME,
  ],
  [
    'scheduled_for a leap second',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: `${inHours(24).slice(0, 10)}T23:59:60Z` }),
    INVALID_TIME,
  ],
  ['scheduled_for offset +24:00', post({ content: 'hi', platforms: ['bluesky'], scheduled_for: dayAhead('+24:00') }), INVALID_TIME],
  [
    'scheduled_for ten fraction digits',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: dayAhead('.0123456789Z') }),
    INVALID_TIME,
  ],
  ['scheduled_for year 275760', post({ content: 'hi', platforms: ['bluesky'], scheduled_for: '+275760-09-13T00:00:00Z' }), INVALID_TIME],
  ['scheduled_for year 0000', post({ content: 'hi', platforms: ['bluesky'], scheduled_for: '0000-01-01T00:00:00Z' }), INVALID_TIME],
  [
    'scheduled_for a unix timestamp string',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: String(Math.floor(Date.now() / 1000) + 86_400) }),
    INVALID_TIME,
  ],
  [
    'accepted: scheduled_for in lower case t and z',
    post({ content: 'hi', platforms: ['bluesky'], scheduled_for: dayAhead('z').replace('T', 't') }, 'keyB'),
    NOT_CONNECTED_B,
  ],
  [
    'idempotency-key empty',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': '' }),
    invalidField('idempotency-key'),
  ],
  [
    'idempotency-key of 256 characters',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': 'k'.repeat(256) }),
    invalidField('idempotency-key'),
  ],
  [
    'idempotency-key with a space',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': 'a b' }),
    invalidField('idempotency-key'),
  ],
  [
    'idempotency-key with a tab',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': 'a\tb' }),
    invalidField('idempotency-key'),
  ],
  [
    'idempotency-key in Latin-1 (é)',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': 'caf\u00e9' }),
    invalidField('idempotency-key'),
  ],
  // Two headers join into one key `a,b` (as API Gateway joins them): valid, claimed, then freed by the refusal.
  [
    'two idempotency-key headers',
    post({ content: 'hi', platforms: ['bluesky'] }, 'keyB', { 'idempotency-key': ['a', 'b'] }),
    NOT_CONNECTED_B,
  ],
];

// ---- The other bodies, field by field.
const keys = (body: unknown) => json('keyA', 'POST', '/keys', body);
const bluesky = (body: unknown, key: keyof Context = 'keyB') => json(key, 'POST', '/profiles/bluesky', body);
const goodBluesky = { handle: 'alice.test', app_password: 'abcd-efgh-ijkl-mnop' };
const authorize = (body: unknown) => json('keyA', 'POST', '/profiles/linkedin/authorize', body);
const fieldRows: Row[] = [
  ['POST /keys: name absent', keys({}), missing('name')],
  ['POST /keys: name null', keys({ name: null }), missing('name')],
  ['POST /keys: name empty (blank counts as missing, as everywhere)', keys({ name: '' }), missing('name')],
  ['POST /keys: name whitespace', keys({ name: '   ' }), missing('name')],
  ...([1, true, [], {}] as unknown[]).map((value): Row => [
    `POST /keys: name ${JSON.stringify(value)}`,
    keys({ name: value }),
    invalidField('name'),
  ]),
  ['POST /keys: name of 101 characters', keys({ name: 'n'.repeat(101) }), invalidField('name')],
  ['POST /keys: name with a lone surrogate', keys('{"name":"a\\ud800"}'), invalidField('name')],
  ['POST /keys: nme (typo)', keys({ nme: 'ci' }), invalidField('nme', /did you mean name\?/)],
  [
    'POST /keys: an empty idempotency-key',
    json('keyA', 'POST', '/keys', { name: 'ci' }, { 'idempotency-key': '' }),
    invalidField('idempotency-key'),
  ],
  [
    'POST /keys: an idempotency-key of 256 characters',
    json('keyA', 'POST', '/keys', { name: 'ci' }, { 'idempotency-key': 'k'.repeat(256) }),
    invalidField('idempotency-key'),
  ],
  ['POST /profiles/bluesky: handle absent', bluesky({ app_password: 'abcd-efgh-ijkl-mnop' }), missing('handle')],
  ['POST /profiles/bluesky: handle empty', bluesky({ ...goodBluesky, handle: '' }), missing('handle')],
  ['POST /profiles/bluesky: handle blank', bluesky({ ...goodBluesky, handle: '  ' }), missing('handle')],
  ['POST /profiles/bluesky: app_password null', bluesky({ ...goodBluesky, app_password: null }), missing('app_password')],
  ['POST /profiles/bluesky: app_password blank', bluesky({ ...goodBluesky, app_password: ' ' }), missing('app_password')],
  ['POST /profiles/bluesky: handle a number', bluesky({ ...goodBluesky, handle: 1 }), invalidField('handle')],
  ['POST /profiles/bluesky: handle an array', bluesky({ ...goodBluesky, handle: ['alice.test'] }), invalidField('handle')],
  ['POST /profiles/bluesky: handle with spaces', bluesky({ ...goodBluesky, handle: 'alice test' }), invalidField('handle')],
  [
    'POST /profiles/bluesky: handle with a zero-width space',
    bluesky({ ...goodBluesky, handle: 'ali\u200bce.test' }),
    invalidField('handle'),
  ],
  [
    'POST /profiles/bluesky: handle with a lone surrogate',
    bluesky('{"handle":"a\\ud800.test","app_password":"abcd-efgh-ijkl-mnop"}'),
    invalidField('handle'),
  ],
  ['POST /profiles/bluesky: handle @@alice.test', bluesky({ ...goodBluesky, handle: '@@alice.test' }), invalidField('handle')],
  [
    'POST /profiles/bluesky: handle of 257 characters',
    bluesky({ ...goodBluesky, handle: `${'a'.repeat(250)}.test12` }),
    invalidField('handle'),
  ],
  [
    'POST /profiles/bluesky: app_password a main password',
    bluesky({ ...goodBluesky, app_password: 'hunter2hunter2' }),
    invalidField('app_password', /app password/),
  ],
  [
    'POST /profiles/bluesky: app_password of 65 characters',
    bluesky({ ...goodBluesky, app_password: 'p'.repeat(65) }),
    invalidField('app_password'),
  ],
  ['POST /profiles/bluesky: app_password an object', bluesky({ ...goodBluesky, app_password: {} }), invalidField('app_password')],
  ['POST /profiles/bluesky: service ftp://', bluesky({ ...goodBluesky, service: 'ftp://pds.example' }), invalidField('service')],
  ['POST /profiles/bluesky: service javascript:', bluesky({ ...goodBluesky, service: 'javascript:alert(1)' }), invalidField('service')],
  [
    'POST /profiles/bluesky: service with credentials',
    bluesky({ ...goodBluesky, service: 'https://user:pw@pds.example' }),
    invalidField('service'),
  ],
  ['POST /profiles/bluesky: service a number', bluesky({ ...goodBluesky, service: 443 }), invalidField('service')],
  ['POST /profiles/bluesky: service without a host', bluesky({ ...goodBluesky, service: 'https://' }), invalidField('service')],
  ['POST /profiles/bluesky: account A already has Bluesky', bluesky(goodBluesky, 'keyA'), err(400, 'PROFILE_ALREADY_EXISTS')],
  [
    'POST /profiles/bluesky: a PDS that does not answer',
    bluesky({ ...goodBluesky, service: 'http://127.0.0.1:1' }),
    err(503, 'SERVICE_UNAVAILABLE'),
  ],
  ...([1, true, [], {}, null] as unknown[]).map((value): Row => [
    `POST /profiles/linkedin/authorize: return_url ${JSON.stringify(value)}`,
    authorize({ return_url: value }),
    invalidField('return_url'),
  ]),
  ...[
    'not a url',
    '//evil.example/x',
    'javascript:alert(1)',
    'https://evil.example/x',
    'http://evil.example/x',
    'https://localhost.evil.example/',
    'https://evil.example\\@localhost/',
    'https://localhost@evil.example/',
    'https://user:pw@localhost/',
    'ftp://localhost/',
    `https://localhost/${'p'.repeat(2040)}`,
  ].map((value): Row => [
    `POST /profiles/linkedin/authorize: return_url ${value.slice(0, 40)}`,
    authorize({ return_url: value }),
    invalidField('return_url'),
  ]),
  ['POST /profiles/linkedin/authorize: account A already has LinkedIn', authorize({}), err(400, 'PROFILE_ALREADY_EXISTS')],
];

// ---- Headers: the API key.
const usage = (headers: Record<string, string | string[]>) => (): Wire => ({ method: 'GET', path: '/usage', headers });
const headerRows: Row[] = [
  ['no x-api-key', usage({}), err(401, 'MISSING_API_KEY')],
  ['an empty x-api-key', usage({ 'x-api-key': '' }), err(401, 'MISSING_API_KEY')],
  ['a blank x-api-key', usage({ 'x-api-key': '   ' }), err(401, 'MISSING_API_KEY')],
  ['the key as a bearer token', (ctx) => usage({ authorization: `Bearer ${ctx.keyA}` })(), err(401, 'MISSING_API_KEY')],
  ['the key in the query', (ctx) => get(undefined, `/usage?api_key=${ctx.keyA}&x-api-key=${ctx.keyA}`)(ctx), err(401, 'MISSING_API_KEY')],
  ['the key in a cookie', (ctx) => usage({ cookie: `x-api-key=${ctx.keyA}` })(), err(401, 'MISSING_API_KEY')],
  ['the key under x-api_key', (ctx) => usage({ 'x-api_key': ctx.keyA })(), err(401, 'MISSING_API_KEY')],
  ['two x-api-key headers, both valid', (ctx) => usage({ 'x-api-key': [ctx.keyA, ctx.keyB] })(), err(401, 'INVALID_API_KEY')],
  ['two x-api-key headers, the same key twice', (ctx) => usage({ 'x-api-key': [ctx.keyA, ctx.keyA] })(), err(401, 'INVALID_API_KEY')],
  ['two x-api-key headers, one empty', (ctx) => usage({ 'x-api-key': ['', ctx.keyA] })(), err(401, 'INVALID_API_KEY')],
  ['"Bearer <key>" in x-api-key', (ctx) => usage({ 'x-api-key': `Bearer ${ctx.keyA}` })(), err(401, 'INVALID_API_KEY')],
  ['the key with one more character', (ctx) => usage({ 'x-api-key': `${ctx.keyA}A` })(), err(401, 'INVALID_API_KEY')],
  [
    'the key with a space inside',
    (ctx) => usage({ 'x-api-key': `${ctx.keyA.slice(0, 10)} ${ctx.keyA.slice(10)}` })(),
    err(401, 'INVALID_API_KEY'),
  ],
  ['the key in capitals', (ctx) => usage({ 'x-api-key': ctx.keyA.toUpperCase() })(), err(401, 'INVALID_API_KEY')],
  ['the key without its sk_ prefix', (ctx) => usage({ 'x-api-key': ctx.keyA.slice(3) })(), err(401, 'INVALID_API_KEY')],
  ['an 8 000-character key', usage({ 'x-api-key': `sk_${'A'.repeat(7997)}` }), err(401, 'INVALID_API_KEY')],
  ['a well-formed unknown key', usage({ 'x-api-key': `sk_${'A'.repeat(43)}` }), err(401, 'INVALID_API_KEY')],
  ['a deleted key', (ctx) => usage({ 'x-api-key': ctx.deletedKey })(), err(401, 'INVALID_API_KEY')],
  ['a Latin-1 key', usage({ 'x-api-key': `sk_${'\u00e9'.repeat(43)}` }), err(401, 'INVALID_API_KEY')],
  [
    'GET /profiles with two keys',
    (ctx) => ({ method: 'GET', path: '/profiles', headers: { 'x-api-key': [ctx.keyA, ctx.keyB] } }),
    err(401, 'INVALID_API_KEY'),
  ],
  [
    'GET /profiles with a deleted key',
    (ctx) => ({ method: 'GET', path: '/profiles', headers: { 'x-api-key': ctx.deletedKey } }),
    err(401, 'INVALID_API_KEY'),
  ],
  ['GET /keys without a key', () => ({ method: 'GET', path: '/keys', headers: {} }), err(401, 'MISSING_API_KEY')],
  [
    'GET /keys with the key of another header name (x-api-keys)',
    (ctx) => ({ method: 'GET', path: '/keys', headers: { 'x-api-keys': ctx.keyA } }),
    err(401, 'MISSING_API_KEY'),
  ],
  [
    'a gzip content-encoding the service does not decode',
    (ctx) => ({
      method: 'POST',
      path: '/keys',
      headers: { 'x-api-key': ctx.keyA, ...JSON_TYPE, 'content-encoding': 'gzip' },
      body: Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]),
    }),
    INVALID_JSON,
  ],
];

// ---- Paths and methods.
const at =
  (method: string, path: string, key: keyof Context | null = 'keyA') =>
  (ctx: Context): Wire => ({
    method,
    path: path.replace(/<(\w+)>/g, (_m, name: keyof Context) => ctx[name]),
    headers: key ? { 'x-api-key': ctx[key] } : {},
  });
const raw =
  (line: string) =>
  (ctx: Context): Wire => ({
    method: '',
    path: '',
    raw: `${line} HTTP/1.1\r\nHost: localhost\r\nx-api-key: ${ctx.keyA}\r\nConnection: close\r\n\r\n`,
  });
const pathRows: Row[] = [
  ['an encoded slash inside an id', at('GET', '/posts/abc%2Fdef'), INVALID_ID],
  ['a valid id followed by an encoded slash', at('GET', '/posts/<scheduledPost>%2F'), INVALID_ID],
  ['an encoded dot-dot id', at('GET', '/posts/%2e%2e'), INVALID_ID],
  ['a dot-dot id (raw)', raw('GET /posts/..'), INVALID_ID],
  ['a dot-dot segment to another route (raw)', raw('GET /posts/../usage'), NOT_FOUND],
  ['dot-dot segments to a file (raw)', raw('GET /posts/../../../etc/passwd'), NOT_FOUND],
  ['an absolute-form request target (raw)', raw('GET http://localhost/usage'), NOT_FOUND],
  ['a double slash before the route', at('GET', '//posts'), NOT_FOUND],
  ['a double slash inside the route', at('GET', '/posts//<scheduledPost>'), NOT_FOUND],
  ['a trailing slash on a collection', at('GET', '/posts/'), NOT_FOUND],
  ['a trailing slash on an item', at('GET', '/posts/<scheduledPost>/'), NOT_FOUND],
  ['the path in capitals', at('GET', '/POSTS'), NOT_FOUND],
  ['a 5 000-character id', at('GET', `/posts/${'a'.repeat(5000)}`), INVALID_ID],
  ['an id in braces', at('GET', `/posts/%7B${UUID}%7D`), INVALID_ID],
  ['an id without dashes', at('GET', `/posts/${UUID.replace(/-/g, '')}`), INVALID_ID],
  ['an id with an encoded NUL', at('GET', '/posts/<scheduledPost>%00'), INVALID_ID],
  ['an id with a bad percent-encoding', at('GET', '/posts/%E0%A4%A'), INVALID_ID],
  ['an id with a matrix parameter', at('GET', '/posts/<scheduledPost>;v=1'), INVALID_ID],
  ['an id with a UTF-8 letter', at('GET', '/posts/%C3%BC'), INVALID_ID],
  ['INVALID_ID comes after authentication', at('GET', '/posts/nope', null), err(401, 'MISSING_API_KEY')],
  ['an unknown post', at('GET', `/posts/${UUID}`), err(404, 'POST_NOT_FOUND')],
  ["another account's post", at('GET', '/posts/<scheduledPost>', 'keyB'), err(404, 'POST_NOT_FOUND')],
  ["deleting another account's post", at('DELETE', '/posts/<scheduledPost>', 'keyB'), err(404, 'POST_NOT_FOUND')],
  ['deleting a post being published', at('DELETE', '/posts/<publishingPost>'), err(400, 'POST_PUBLISHED')],
  ['deleting a post with a malformed id', at('DELETE', '/posts/1'), INVALID_ID],
  ["another account's profile", at('GET', '/profiles/<profileOfB>'), err(404, 'PROFILE_NOT_FOUND')],
  ["deleting another account's profile", at('DELETE', '/profiles/<profileOfB>'), err(404, 'PROFILE_NOT_FOUND')],
  ['deleting a profile with a malformed id', at('DELETE', '/profiles/..'), INVALID_ID],
  ["deleting another account's key", at('DELETE', '/keys/<keyOfB>'), NOT_FOUND],
  ['deleting an unknown key', at('DELETE', `/keys/${UUID}`), NOT_FOUND],
  ['deleting a key with a malformed id', at('DELETE', '/keys/%20'), INVALID_ID],
  ['PUT on a collection', at('PUT', '/posts'), NOT_FOUND],
  ['PATCH on a collection', at('PATCH', '/posts'), NOT_FOUND],
  ['PUT on an item', at('PUT', '/posts/<scheduledPost>'), NOT_FOUND],
  ['GET on a retry', at('GET', '/posts/<scheduledPost>/retry'), NOT_FOUND],
  ['a trailing slash on a retry', at('POST', '/posts/<scheduledPost>/retry/'), NOT_FOUND],
  ['a retry of the collection', at('POST', '/posts/retry'), NOT_FOUND],
  ['OPTIONS on a collection', at('OPTIONS', '/posts'), NOT_FOUND],
  ['DELETE on a collection', at('DELETE', '/posts'), NOT_FOUND],
  ['POST on an item', at('POST', '/posts/<scheduledPost>'), NOT_FOUND],
  ['GET on /profiles/bluesky (a POST route; "bluesky" is no id)', at('GET', '/profiles/bluesky'), INVALID_ID],
  ['HEAD of /usage', at('HEAD', '/usage'), { status: 404 }],
  ['an unknown route without a key (404 before authentication)', at('GET', '/admin', null), NOT_FOUND],
];

// ---- Query strings: GET /posts and the OAuth callback.
const list =
  (query: string, key: keyof Context = 'keyA') =>
  (ctx: Context) =>
    get(key, `/posts?${query.replace(/<(\w+)>/g, (_m, name: keyof Context) => ctx[name])}`)(ctx);
const forged = (key: Record<string, unknown>) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decodeCursor = (cursor: string) => JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
const callback = (query: string) => get(undefined, `/profiles/linkedin/callback${query}`);
const oauth = (details: string | RegExp) =>
  err(400, 'OAUTH_ERROR', { details: typeof details === 'string' ? details : expect.stringMatching(details) });
const queryRows: Row[] = [
  ['an unknown parameter', list('staus=scheduled'), invalidField('staus')],
  ['limit twice', list('limit=1&limit=2'), invalidField('limit')],
  ['status twice', list('status=scheduled&status=failed'), invalidField('status')],
  ...[
    '-1',
    '0',
    '101',
    '1.5',
    'abc',
    '',
    '1e3',
    '99999999999999999999',
    'Infinity',
    '-Infinity',
    'NaN',
    '%00',
    'true',
    '[1]',
    '1e1',
    '0x10',
    '%205',
    '20%20',
    '+5',
  ].map((value): Row => [`limit=${value}`, list(`limit=${value}`), invalidField('limit')]),
  ['status in capitals', list('status=SCHEDULED'), invalidField('status')],
  ['an unknown status', list('status=deleted'), invalidField('status')],
  ['an unknown platform', list('platform=twitter'), invalidField('platform')],
  ['platform[] (array syntax)', list('platform[]=linkedin'), invalidField('platform[]')],
  ['an empty cursor', list('cursor='), invalidField('cursor')],
  ['a cursor that is not base64 JSON', list('cursor=garbage!'), invalidField('cursor')],
  ['a cursor of 3 000 characters', list(`cursor=${'c'.repeat(3000)}`), invalidField('cursor')],
  ["another account's cursor", list('cursor=<cursorB>'), invalidField('cursor')],
  ['a cursor of {}', list(`cursor=${forged({})}`), invalidField('cursor')],
  [
    'a cursor whose keys are numbers',
    (ctx) => list(`cursor=${forged({ ...decodeCursor(ctx.cursorA), pk: 1, sk: 2 })}`)(ctx),
    invalidField('cursor'),
  ],
  [
    'a cursor with one key too many',
    (ctx) => list(`cursor=${forged({ ...decodeCursor(ctx.cursorA), extra: 'x' })}`)(ctx),
    invalidField('cursor'),
  ],
  ['a __proto__ parameter', list('__proto__=x'), invalidField('__proto__')],
  ['a constructor parameter', list('constructor=x'), invalidField('constructor')],
  ['callback without parameters', callback(''), oauth('state mismatch')],
  ['callback with an empty state', callback('?state=&code=x'), oauth('state mismatch')],
  ['callback with two states', callback('?state=a&state=b&code=x'), oauth('state mismatch')],
  ['callback with a code and no state', callback('?code=abc'), oauth('state mismatch')],
  [
    'callback with a denial',
    callback('?error=user_cancelled_login&error_description=The+member+cancelled'),
    oauth('user_cancelled_login: The member cancelled'),
  ],
  ['callback with control characters in the error', callback('?error=x%0d%0aSet-Cookie:%20a=b'), oauth(/^x Set-Cookie: a=b$/)],
  ['callback with a 5 000-character description', callback(`?error=x&error_description=${'d'.repeat(5000)}`), oauth(/^x: d{297}$/)],
  [
    'callback ignores a garbage x-api-key',
    (ctx) => ({ ...callback('')(ctx), headers: { 'x-api-key': 'garbage' } }),
    oauth('state mismatch'),
  ],
];

// ---- The dashboard API: its session cookie and CSRF token, and the two authentications kept apart.
const dash =
  (method: string, path: string, headers: (ctx: Context) => Record<string, string | string[]>, body?: unknown) =>
  (ctx: Context): Wire => ({
    method,
    path: `/dashboard/api${path}`,
    headers: { ...headers(ctx), ...(body === undefined ? {} : JSON_TYPE) },
    body: body === undefined ? undefined : bodyOf(body),
  });
const FORBIDDEN = err(403, 'FORBIDDEN');
const signInBody =
  (body: unknown, headers: Record<string, string> = JSON_TYPE) =>
  (): Wire => ({ method: 'POST', path: '/dashboard/api/sign-in', headers, body: bodyOf(body) });
const dashboardRows: Row[] = [
  ['dashboard: an API key instead of the session', dash('GET', '/keys', (ctx) => ({ 'x-api-key': ctx.keyA })), FORBIDDEN],
  ['dashboard: the session cookie twice', dash('GET', '/keys', (ctx) => ({ cookie: `${ctx.cookie}; ${ctx.cookie}` })), FORBIDDEN],
  ['dashboard: a forged session id', dash('GET', '/keys', () => ({ cookie: `__Host-sps_session=${'A'.repeat(43)}` })), FORBIDDEN],
  [
    'dashboard: the session id under another cookie name',
    dash('GET', '/keys', (ctx) => ({ cookie: ctx.cookie.replace('__Host-sps_session', 'sps_session') })),
    FORBIDDEN,
  ],
  ['dashboard: the session id with a tail', dash('GET', '/keys', (ctx) => ({ cookie: `${ctx.cookie}x` })), FORBIDDEN],
  [
    'dashboard: a preview without the CSRF token',
    dash('POST', '/posts/preview', (ctx) => ({ cookie: ctx.cookie }), { content: 'hi', platforms: ['bluesky'] }),
    FORBIDDEN,
  ],
  [
    'dashboard: a preview with a platform text for a platform not posted to',
    dash('POST', '/posts/preview', (ctx) => ({ cookie: ctx.cookie, 'x-csrf-token': ctx.csrf }), {
      content: 'hi',
      platforms: ['bluesky'],
      platform_content: { linkedin: 'x' },
    }),
    invalidField('platform_content.linkedin'),
  ],
  ['dashboard: a mutation without the CSRF token', dash('POST', '/keys', (ctx) => ({ cookie: ctx.cookie }), { name: 'x' }), FORBIDDEN],
  [
    'dashboard: a wrong CSRF token',
    dash(
      'POST',
      '/keys',
      (ctx) => ({ cookie: ctx.cookie, 'x-csrf-token': `${ctx.csrf.slice(0, -1)}${ctx.csrf.endsWith('A') ? 'B' : 'A'}` }),
      { name: 'x' },
    ),
    FORBIDDEN,
  ],
  [
    'dashboard: the CSRF token twice',
    dash('POST', '/keys', (ctx) => ({ cookie: ctx.cookie, 'x-csrf-token': [ctx.csrf, ctx.csrf] }), { name: 'x' }),
    FORBIDDEN,
  ],
  [
    'dashboard: the CSRF token as a query parameter',
    (ctx) => dash('DELETE', `/keys/${UUID}?csrf=${ctx.csrf}`, () => ({ cookie: ctx.cookie }))(ctx),
    FORBIDDEN,
  ],
  [
    'dashboard: X-CSRF-TOKEN in capitals passes (then the body fails)',
    dash('POST', '/keys', (ctx) => ({ cookie: ctx.cookie, 'X-CSRF-TOKEN': ctx.csrf }), {}),
    missing('name'),
  ],
  ['public API: the dashboard session instead of a key', (ctx) => usage({ cookie: ctx.cookie })(), err(401, 'MISSING_API_KEY')],
  [
    'sign-in: sent as a form (a cross-site form cannot send JSON)',
    signInBody('email=a%40b.c&password=x', { 'content-type': 'application/x-www-form-urlencoded' }),
    UNSUPPORTED,
  ],
  ['sign-in: sent as text/plain', signInBody({ email: 'a@b.c', password: 'x' }, { 'content-type': 'text/plain' }), UNSUPPORTED],
  ['sign-in: malformed JSON', signInBody('{"email":'), INVALID_JSON],
  ['sign-in: no email', signInBody({ password: 'correct horse battery' }), missing('email')],
  ['sign-in: a blank email', signInBody({ email: ' ', password: 'correct horse battery' }), missing('email')],
  ['sign-in: an email that is a number', signInBody({ email: 1, password: 'correct horse battery' }), invalidField('email')],
  [
    'sign-in: an unknown field',
    signInBody({ email: 'a@b.c', password: 'correct horse battery', remember: true }),
    invalidField('remember'),
  ],
  ['sign-in: a password over 1024 characters', signInBody({ email: 'a@b.c', password: 'p'.repeat(1025) }), invalidField('password')],
];

// ---- platform_content (POST /posts and the preview) and the preview's own body.
const CONTENT_3001 = err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 });
const platformContentRows: Row[] = ['/posts', '/posts/preview'].flatMap((path): Row[] => {
  const send = (platform_content: unknown, platforms: unknown = ['linkedin', 'bluesky']) =>
    json('keyA', 'POST', path, typeof platform_content === 'string' ? platform_content : { content: 'hi', platforms, platform_content });
  return [
    [`${path}: platform_content an array`, send([['bluesky', 'x']]), invalidField('platform_content')],
    [
      `${path}: platform_content a string`,
      send('{"content":"hi","platforms":["bluesky"],"platform_content":"hi"}'),
      invalidField('platform_content'),
    ],
    [
      `${path}: platform_content 10 000 nested objects`,
      send(`{"content":"hi","platforms":["bluesky"],"platform_content":${nestedObjects(10_000)}}`),
      invalidField('platform_content.a'),
    ],
    [
      `${path}: platform_content with a __proto__ key`,
      send('{"content":"hi","platforms":["bluesky"],"platform_content":{"__proto__":{"bluesky":"x"}}}'),
      invalidField('platform_content.__proto__'),
    ],
    [`${path}: platform_content with a constructor key`, send({ constructor: 'x' }), invalidField('platform_content.constructor')],
    [`${path}: platform_content key in capitals`, send({ Bluesky: 'x' }), invalidField('platform_content.Bluesky')],
    [`${path}: a platform text that is an object`, send({ bluesky: { text: 'x' } }), invalidField('platform_content.bluesky')],
    [
      `${path}: a platform text of 10 000 nested arrays`,
      send(`{"content":"hi","platforms":["bluesky"],"platform_content":{"bluesky":${nested(10_000)}}}`),
      invalidField('platform_content.bluesky'),
    ],
    [`${path}: a platform text of only ideographic spaces`, send({ linkedin: '\u3000' }), missing('platform_content.linkedin')],
    [
      `${path}: a platform text with a lone low surrogate`,
      send('{"content":"hi","platforms":["bluesky"],"platform_content":{"bluesky":"a\\udc00"}}'),
      invalidField('platform_content.bluesky'),
    ],
    [`${path}: a platform text of 3001 characters`, send({ bluesky: 'b'.repeat(3001) }), CONTENT_3001],
    [
      `${path}: a platform text for a platform not posted to`,
      send({ linkedin: 'x' }, ['bluesky']),
      invalidField('platform_content.linkedin'),
    ],
    [
      `${path}: a platform text for a platform not posted to, twice in platforms`,
      send({ bluesky: 'x' }, ['linkedin', 'linkedin']),
      invalidField('platform_content.bluesky'),
    ],
    [
      `${path}: link_preview the string "false"`,
      json('keyA', 'POST', path, { content: 'hi', platforms: ['bluesky'], link_preview: 'false' }),
      invalidField('link_preview'),
    ],
    [
      `${path}: link_preview 0`,
      json('keyA', 'POST', path, { content: 'hi', platforms: ['bluesky'], link_preview: 0 }),
      invalidField('link_preview'),
    ],
    [
      `${path}: link_preview null`,
      json('keyA', 'POST', path, { content: 'hi', platforms: ['bluesky'], link_preview: null }),
      invalidField('link_preview'),
    ],
    [
      `${path}: linkPreview (a close name)`,
      json('keyA', 'POST', path, { content: 'hi', platforms: ['bluesky'], linkPreview: false }),
      invalidField('linkPreview'),
    ],
  ];
});

// ---- Media (docs/api.md, "Media"): the declaration's body and the media paths. The bytes' own faults
// (lying types, truncated files, a 50-megapixel PNG, polyglots) are in test/integration/media.test.ts.
const mediaBody = (body: unknown) => json('keyA', 'POST', '/media', body);
const mediaRows: Row[] = [
  ['media: zero bytes declared', mediaBody({ content_type: 'image/jpeg', size_bytes: 0 }), invalidField('size_bytes')],
  ['media: negative size', mediaBody({ content_type: 'image/jpeg', size_bytes: -1 }), invalidField('size_bytes')],
  ['media: 20 MiB + 1 byte', mediaBody({ content_type: 'image/jpeg', size_bytes: 20_971_521 }), invalidField('size_bytes')],
  ['media: size as a string', mediaBody({ content_type: 'image/jpeg', size_bytes: '1000' }), invalidField('size_bytes')],
  [
    'media: size 1e400 (infinite)',
    (ctx) => ({ ...mediaBody({})(ctx), body: '{"content_type":"image/jpeg","size_bytes":1e400}' }),
    invalidField('size_bytes'),
  ],
  ['media: SVG declared', mediaBody({ content_type: 'image/svg+xml', size_bytes: 10 }), invalidField('content_type')],
  ['media: GIF declared', mediaBody({ content_type: 'image/gif', size_bytes: 10 }), invalidField('content_type')],
  ['media: a type with parameters', mediaBody({ content_type: 'image/jpeg; charset=utf-8', size_bytes: 10 }), invalidField('content_type')],
  [
    'media: alt text of 1001 characters',
    mediaBody({ content_type: 'image/png', size_bytes: 10, alt_text: 'a'.repeat(1001) }),
    invalidField('alt_text'),
  ],
  [
    'media: alt text an object',
    mediaBody({ content_type: 'image/png', size_bytes: 10, alt_text: { text: 'x' } }),
    invalidField('alt_text'),
  ],
  ['media: sizeBytes (a close name)', mediaBody({ content_type: 'image/png', sizeBytes: 10 }), invalidField('sizeBytes')],
  ['media: content_type missing', mediaBody({ size_bytes: 10 }), missing('content_type')],
  ['media: an id that is not a UUID', at('GET', '/media/not-a-uuid'), INVALID_ID],
  ['media: complete of an encoded dot-dot id', at('POST', '/media/%2e%2e/complete'), INVALID_ID],
  ['media: an unknown id', at('GET', '/media/00000000-0000-4000-8000-000000000000'), err(404, 'MEDIA_NOT_FOUND')],
  [
    'a post with media not a list',
    json('keyA', 'POST', '/posts', { content: 'hi', platforms: ['bluesky'], media: 'abc' }),
    invalidField('media'),
  ],
  [
    'a post with 51 media ids',
    json('keyA', 'POST', '/posts', {
      content: 'hi',
      platforms: ['bluesky'],
      media: Array.from({ length: 51 }, (_, index) => `id-${index}`),
    }),
    invalidField('media'),
  ],
  [
    'a post with an unknown media id',
    json('keyA', 'POST', '/posts', { content: 'hi', platforms: ['bluesky'], media: ['00000000-0000-4000-8000-000000000000'] }),
    err(404, 'MEDIA_NOT_FOUND'),
  ],
];

// ---- PATCH /posts/{id} and POST /posts/{id}/retry (docs/api.md, "Editing, rescheduling and retrying"): POST /posts's field rules, then the post's state.
const edit =
  (body: unknown, post: keyof Context = 'scheduledPost', key: keyof Context = 'keyA', headers: Record<string, string | string[]> = {}) =>
  (ctx: Context) =>
    json(key, 'PATCH', `/posts/${ctx[post]}`, body, headers)(ctx);
const retryOf =
  (body: unknown, post: keyof Context = 'scheduledPost', key: keyof Context = 'keyA') =>
  (ctx: Context) =>
    json(key, 'POST', `/posts/${ctx[post]}/retry`, body)(ctx);
const STATE = (status: string) => err(409, 'INVALID_POST_STATE', { status });
const lifecycleRows: Row[] = [
  ['PATCH: content empty', edit({ content: '' }), missing('content')],
  ['PATCH: content null (a post cannot lose its text)', edit({ content: null }), missing('content')],
  ['PATCH: content only ideographic spaces', edit({ content: '\u3000' }), missing('content')],
  ['PATCH: content a number', edit({ content: 1 }), invalidField('content')],
  ['PATCH: content 10 000 nested arrays', edit(`{"content":${nested(10_000)}}`), invalidField('content')],
  ['PATCH: content with a lone surrogate', edit('{"content":"a\\ud800"}'), invalidField('content')],
  [
    'PATCH: content 3001 characters',
    edit({ content: 'x'.repeat(3001) }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }),
  ],
  ['PATCH: platforms null (a post cannot lose its platforms)', edit({ platforms: null }), missing('platforms')],
  ['PATCH: platforms empty', edit({ platforms: [] }), INVALID_PLATFORMS],
  ['PATCH: platforms a string', edit({ platforms: 'linkedin' }), INVALID_PLATFORMS],
  ['PATCH: platforms in capitals', edit({ platforms: ['LinkedIn'] }), INVALID_PLATFORMS],
  ['PATCH: scheduled_for without a zone', edit({ scheduled_for: dayAhead('') }), INVALID_TIME],
  ['PATCH: scheduled_for in the past', edit({ scheduled_for: '2020-01-01T10:00:00Z' }), INVALID_TIME],
  ['PATCH: scheduled_for 30 s ahead', edit({ scheduled_for: new Date(Date.now() + 30_000).toISOString() }), INVALID_TIME],
  ['PATCH: scheduled_for a number', edit({ scheduled_for: 1 }), INVALID_TIME],
  ['PATCH: scheduledFor (camel case)', edit({ scheduledFor: dayAhead('Z') }), invalidField('scheduledFor', /did you mean scheduled_for\?/)],
  ['PATCH: status (not editable)', edit({ status: 'published' }), invalidField('status')],
  ['PATCH: id in the body', edit({ id: UUID }), invalidField('id')],
  ['PATCH: media not a list', edit({ media: 'abc' }), invalidField('media')],
  ['PATCH: an unknown media id', edit({ media: ['00000000-0000-4000-8000-000000000000'] }), err(404, 'MEDIA_NOT_FOUND')],
  ['PATCH: link_preview a string', edit({ link_preview: 'false' }), invalidField('link_preview')],
  ['PATCH: platform_content null', edit({ platform_content: null }), invalidField('platform_content')],
  [
    'PATCH: a platform text for a platform the post does not have',
    edit({ platform_content: { bluesky: 'x' } }),
    invalidField('platform_content.bluesky'),
  ],
  [
    'PATCH: a platform text for a platform not in the platforms sent',
    edit({ platforms: ['bluesky'], platform_content: { linkedin: 'x' } }),
    invalidField('platform_content.linkedin'),
  ],
  ['PATCH: a blank platform text', edit({ platform_content: { linkedin: ' ' } }), missing('platform_content.linkedin')],
  [
    'PATCH: idempotency-key with a space',
    edit({ content: 'hi' }, 'scheduledPost', 'keyA', { 'idempotency-key': 'a b' }),
    invalidField('idempotency-key'),
  ],
  ['PATCH: INVALID_ID before a malformed body', json('keyA', 'PATCH', '/posts/nope', '{'), INVALID_ID],
  [
    'PATCH: INVALID_ID comes after authentication',
    (ctx) => ({ ...json('keyA', 'PATCH', '/posts/nope', '{}')(ctx), headers: JSON_TYPE }),
    err(401, 'MISSING_API_KEY'),
  ],
  [
    'PATCH: body rules before the lookup (an unknown post, too long)',
    json('keyA', 'PATCH', `/posts/${UUID}`, { content: 'x'.repeat(3001) }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }),
  ],
  ['PATCH: an unknown post', json('keyA', 'PATCH', `/posts/${UUID}`, { content: 'hi' }), err(404, 'POST_NOT_FOUND')],
  ["PATCH: another account's post", edit({ content: 'hi' }, 'scheduledPost', 'keyB'), err(404, 'POST_NOT_FOUND')],
  ['PATCH: a post being published', edit({ content: 'hi' }, 'publishingPost'), err(400, 'POST_PUBLISHED', undefined, /cannot be edited/)],
  [
    'PATCH: a post being published, moved to LinkedIn',
    edit({ content: 'hi', platforms: ['linkedin'] }, 'publishingPost'),
    err(400, 'POST_PUBLISHED'),
  ],
  ['retry: include_outcome_unknown a string', retryOf({ include_outcome_unknown: 'true' }), invalidField('include_outcome_unknown')],
  ['retry: include_outcome_unknown null', retryOf({ include_outcome_unknown: null }), invalidField('include_outcome_unknown')],
  ['retry: content empty', retryOf({ content: '' }), missing('content')],
  [
    'retry: content 3001 characters',
    retryOf({ content: 'x'.repeat(3001) }),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }),
  ],
  ['retry: platforms (not a retry field)', retryOf({ platforms: ['linkedin'] }), invalidField('platforms')],
  ['retry: scheduled_for in the past', retryOf({ scheduled_for: '2020-01-01T10:00:00Z' }), INVALID_TIME],
  ['retry: scheduled_for without seconds', retryOf({ scheduled_for: `${inHours(24).slice(0, 16)}Z` }), INVALID_TIME],
  ['retry: a malformed id', json('keyA', 'POST', '/posts/1/retry', {}), INVALID_ID],
  ['retry: an unknown post', json('keyA', 'POST', `/posts/${UUID}/retry`, {}), err(404, 'POST_NOT_FOUND')],
  ["retry: another account's post", retryOf({}, 'scheduledPost', 'keyB'), err(404, 'POST_NOT_FOUND')],
  ['retry: a scheduled post', retryOf({}), STATE('scheduled')],
  ['retry: a post being published', retryOf({}, 'publishingPost'), STATE('publishing')],
  [
    'retry: an empty body (a scheduled post)',
    (ctx) => ({ method: 'POST', path: `/posts/${ctx.scheduledPost}/retry`, headers: { 'x-api-key': ctx.keyA } }),
    STATE('scheduled'),
  ],
  [
    'dashboard: an edit without the CSRF token',
    (ctx) => dash('PATCH', `/posts/${ctx.scheduledPost}`, () => ({ cookie: ctx.cookie }), { content: 'hi' })(ctx),
    FORBIDDEN,
  ],
  [
    'dashboard: an edit with an API key instead of the session',
    (ctx) => dash('PATCH', `/posts/${ctx.scheduledPost}`, () => ({ 'x-api-key': ctx.keyA }), { content: 'hi' })(ctx),
    FORBIDDEN,
  ],
  [
    'dashboard: a retry without the CSRF token',
    (ctx) => dash('POST', `/posts/${ctx.scheduledPost}/retry`, () => ({ cookie: ctx.cookie }), {})(ctx),
    FORBIDDEN,
  ],
  [
    'dashboard: an edit too long',
    (ctx) =>
      dash('PATCH', `/posts/${ctx.scheduledPost}`, () => ({ cookie: ctx.cookie, 'x-csrf-token': ctx.csrf }), { content: 'x'.repeat(3001) })(
        ctx,
      ),
    err(400, 'CONTENT_TOO_LONG', { max_length: 3000, provided_length: 3001 }),
  ],
  [
    'dashboard: a retry of a scheduled post',
    (ctx) => dash('POST', `/posts/${ctx.scheduledPost}/retry`, () => ({ cookie: ctx.cookie, 'x-csrf-token': ctx.csrf }), {})(ctx),
    STATE('scheduled'),
  ],
];

// ---- Webhooks (docs/api.md, "Webhooks"): the body of POST /webhooks, the ids and the deliveries query.
const hook = (body: unknown, headers: Record<string, string> = {}) => json('keyA', 'POST', '/webhooks', body, headers);
const deliveries =
  (query: string, key: keyof Context = 'keyA') =>
  (ctx: Context) =>
    get(key, `/webhooks/${ctx.webhookA}/deliveries?${query.replace(/<(\w+)>/g, (_m, name: keyof Context) => ctx[name])}`)(ctx);
const webhookRows: Row[] = [
  ['webhooks: no url', hook({ events: ['post.failed'] }), missing('url')],
  ['webhooks: url null', hook({ url: null }), missing('url')],
  ['webhooks: url empty', hook({ url: '' }), missing('url')],
  ['webhooks: url of spaces', hook({ url: '   ' }), missing('url')],
  ['webhooks: url a number', hook({ url: 443 }), invalidField('url')],
  ['webhooks: url an array', hook({ url: ['https://hooks.example.com/x'] }), invalidField('url')],
  ['webhooks: url of 2049 characters', hook({ url: `https://hooks.example.com/${'a'.repeat(2023)}` }), invalidField('url')],
  ['webhooks: url with a lone surrogate', hook('{"url":"https://hooks.example.com/\\ud800"}'), invalidField('url')],
  ['webhooks: url not a URL', hook({ url: 'hooks.example.com/x' }), invalidField('url')],
  ['webhooks: ftp url', hook({ url: 'ftp://hooks.example.com/x' }), invalidField('url')],
  ['webhooks: javascript url', hook({ url: 'javascript:alert(1)' }), invalidField('url')],
  ['webhooks: file url', hook({ url: 'file:///etc/passwd' }), invalidField('url')],
  ['webhooks: a private address', hook({ url: 'https://10.0.0.1/hook' }), invalidField('url')],
  ['webhooks: the instance metadata address', hook({ url: 'http://169.254.169.254/latest/meta-data/' }), invalidField('url')],
  ['webhooks: the metadata address in decimal', hook({ url: 'http://2852039166/latest/' }), invalidField('url')],
  ['webhooks: an IPv4-mapped private address', hook({ url: 'https://[::ffff:192.168.0.1]/' }), invalidField('url')],
  ['webhooks: a unique-local IPv6 address', hook({ url: 'https://[fd00::1]/' }), invalidField('url')],
  ['webhooks: a link-local IPv6 address', hook({ url: 'https://[fe80::1]/' }), invalidField('url')],
  ['webhooks: an .internal name', hook({ url: 'https://metadata.google.internal/x' }), invalidField('url')],
  ['webhooks: a name that does not resolve', hook({ url: 'https://nowhere.invalid/x' }), invalidField('url')],
  ['webhooks: credentials in the url', hook({ url: 'https://user:pass@hooks.example.com/x' }), invalidField('url')],
  ['webhooks: a fragment', hook({ url: 'http://127.0.0.1:9/x#frag' }), invalidField('url')],
  ['webhooks: events not an array', hook({ url: 'http://127.0.0.1:9/x', events: 'post.failed' }), invalidField('events')],
  ['webhooks: events empty', hook({ url: 'http://127.0.0.1:9/x', events: [] }), invalidField('events')],
  ['webhooks: an unknown event', hook({ url: 'http://127.0.0.1:9/x', events: ['post.deleted'] }), invalidField('events')],
  ['webhooks: an event in capitals', hook({ url: 'http://127.0.0.1:9/x', events: ['POST.FAILED'] }), invalidField('events')],
  ['webhooks: webhook.test subscribed', hook({ url: 'http://127.0.0.1:9/x', events: ['webhook.test'] }), invalidField('events')],
  ['webhooks: an event null', hook({ url: 'http://127.0.0.1:9/x', events: [null] }), invalidField('events')],
  ['webhooks: 21 events', hook({ url: 'http://127.0.0.1:9/x', events: Array(21).fill('post.failed') }), invalidField('events')],
  [
    'webhooks: description of 201 characters',
    hook({ url: 'http://127.0.0.1:9/x', description: 'd'.repeat(201) }),
    invalidField('description'),
  ],
  ['webhooks: description a number', hook({ url: 'http://127.0.0.1:9/x', description: 7 }), invalidField('description')],
  ['webhooks: description null', hook({ url: 'http://127.0.0.1:9/x', description: null }), invalidField('description')],
  ['webhooks: a secret chosen by the client', hook({ url: 'http://127.0.0.1:9/x', secret: 'whsec_abc' }), invalidField('secret')],
  ['webhooks: URL in capitals (a close name)', hook({ URL: 'http://127.0.0.1:9/x' }), invalidField('URL', /did you mean url/)],
  ['webhooks: a bad idempotency-key', hook({ url: 'http://127.0.0.1:9/x' }, { 'idempotency-key': 'é' }), invalidField('idempotency-key')],
  ['webhooks: a malformed id', at('GET', '/webhooks/nope'), INVALID_ID],
  ['webhooks: an unknown id', at('GET', `/webhooks/${UUID}`), NOT_FOUND],
  ['webhooks: deleting an unknown id', at('DELETE', `/webhooks/${UUID}`), NOT_FOUND],
  ['webhooks: testing an unknown id', at('POST', `/webhooks/${UUID}/test`), NOT_FOUND],
  ['webhooks: testing a malformed id', at('POST', '/webhooks/1/test'), INVALID_ID],
  ["webhooks: another account's", at('GET', '/webhooks/<webhookA>', 'keyB'), NOT_FOUND],
  ["webhooks: deleting another account's", at('DELETE', '/webhooks/<webhookA>', 'keyB'), NOT_FOUND],
  ["webhooks: testing another account's", at('POST', '/webhooks/<webhookA>/test', 'keyB'), NOT_FOUND],
  ['webhooks: rotating an unknown id', at('POST', `/webhooks/${UUID}/rotate-secret`), NOT_FOUND],
  ['webhooks: rotating a malformed id', at('POST', '/webhooks/1/rotate-secret'), INVALID_ID],
  ["webhooks: rotating another account's", at('POST', '/webhooks/<webhookA>/rotate-secret', 'keyB'), NOT_FOUND],
  [
    'webhooks: rotating with a bad idempotency-key',
    (ctx: Context): Wire => ({
      ...at('POST', '/webhooks/<webhookA>/rotate-secret')(ctx),
      headers: { 'x-api-key': ctx.keyA, 'idempotency-key': 'é' },
    }),
    invalidField('idempotency-key'),
  ],
  ["webhooks: another account's deliveries", deliveries('', 'keyB'), NOT_FOUND],
  ['webhooks: deliveries of an unknown id', at('GET', `/webhooks/${UUID}/deliveries`), NOT_FOUND],
  ['webhooks: deliveries limit 0', deliveries('limit=0'), invalidField('limit')],
  ['webhooks: deliveries limit 101', deliveries('limit=101'), invalidField('limit')],
  ['webhooks: deliveries limit 2e1', deliveries('limit=2e1'), invalidField('limit')],
  ['webhooks: deliveries limit twice', deliveries('limit=1&limit=2'), invalidField('limit')],
  ['webhooks: deliveries cursor empty', deliveries('cursor='), invalidField('cursor')],
  ['webhooks: deliveries cursor not base64 JSON', deliveries('cursor=%%%'), invalidField('cursor')],
  ["webhooks: deliveries cursor of another webhook's list", deliveries('cursor=<foreignCursor>'), invalidField('cursor')],
  [
    "webhooks: deliveries cursor forged onto a post's key",
    deliveries(`cursor=${Buffer.from(JSON.stringify({ pk: `POST#${UUID}`, sk: 'POST' })).toString('base64url')}`),
    invalidField('cursor'),
  ],
  ['webhooks: deliveries with an unknown parameter', deliveries('status=failed'), invalidField('status')],
  [
    'dashboard: a webhook without the CSRF token',
    dash('POST', '/webhooks', (ctx) => ({ cookie: ctx.cookie }), { url: 'http://127.0.0.1:9/x' }),
    FORBIDDEN,
  ],
  [
    'dashboard: a webhook test without the CSRF token',
    dash('POST', `/webhooks/${UUID}/test`, (ctx) => ({ cookie: ctx.cookie })),
    FORBIDDEN,
  ],
  ['dashboard: webhooks with an API key', dash('GET', '/webhooks', (ctx) => ({ 'x-api-key': ctx.keyA })), FORBIDDEN],
  [
    'dashboard: a webhook to a private address',
    dash('POST', '/webhooks', (ctx) => ({ cookie: ctx.cookie, 'x-csrf-token': ctx.csrf }), { url: 'https://192.168.1.1/' }),
    invalidField('url'),
  ],
];

const corpus: Row[] = [
  ...genericRows,
  ...postRows,
  ...platformContentRows,
  ...lifecycleRows,
  ...mediaRows,
  ...fieldRows,
  ...headerRows,
  ...pathRows,
  ...queryRows,
  ...dashboardRows,
  ...webhookRows,
];

// ---- Not malformed after all: these must work (and, being reads, write nothing either).
const OK: Expected = { status: 200 };
const mustWork: Row[] = [
  ['a post id in capitals', (ctx) => at('GET', `/posts/${ctx.scheduledPost.toUpperCase()}`)(ctx), OK],
  ['PATCH {} (changes nothing, writes nothing)', edit({}), OK],
  ['PATCH with an empty body', (ctx) => ({ method: 'PATCH', path: `/posts/${ctx.scheduledPost}`, headers: { 'x-api-key': ctx.keyA } }), OK],
  ['PATCH with the values the post has (writes nothing)', edit({ content: 'later', platforms: ['linkedin'] }), OK],
  [
    'a post id percent-encoded',
    (ctx) => at('GET', `/posts/${[...ctx.scheduledPost].map((char) => `%${char.charCodeAt(0).toString(16)}`).join('')}`)(ctx),
    OK,
  ],
  ['X-API-KEY in capitals', (ctx) => usage({ 'X-API-KEY': ctx.keyA })(), OK],
  ['X-Api-Key mixed case', (ctx) => usage({ 'X-Api-Key': ctx.keyA })(), OK],
  ['the key between spaces', (ctx) => usage({ 'x-api-key': `  ${ctx.keyA}  ` })(), OK],
  ['the key between tabs', (ctx) => usage({ 'x-api-key': `\t${ctx.keyA}\t` })(), OK],
  ['empty query pairs', list('&&&'), OK],
  ['GET /profiles with a query (it has no parameters: ignored)', (ctx) => get('keyA', '/profiles?limit=abc&x=1')(ctx), OK],
  [
    'GET /keys with a body (ignored)',
    (ctx) => ({ method: 'GET', path: '/keys', headers: { 'x-api-key': ctx.keyA, ...JSON_TYPE, 'content-length': '2' }, body: '{]' }),
    OK,
  ],
  [
    'a well-formed cursor pointing elsewhere in the same list',
    (ctx) => list(`cursor=${forged({ ...decodeCursor(ctx.cursorA), pk: 'POST#x', sk: 'NOPE' })}`)(ctx),
    OK,
  ],
  // The preview of texts built to trip the renderers: each a 200, and nothing written.
  ...(
    [
      ['3000 UTF-16 units of family emoji', '👩‍👩‍👧‍👦'.repeat(272)],
      ['3000 hashes', '#'.repeat(3000)],
      ['3000 reserved LinkedIn characters', '\\|{}@[]()<>#*_~'.repeat(200)],
      ['mentions back to back', '@a.bsky.social'.repeat(214)],
      ['one 2990-character link', `https://e.com/${'a'.repeat(2976)}`],
      ['a NUL and right-to-left overrides', 'a\u0000b \u202eabc \u200f'],
      ['CJK without spaces', '日本語のテキスト'.repeat(375)],
      ['only combining accents after one letter', `e${'\u0301'.repeat(2999)}`],
    ] as const
  ).map(([label, content]): Row => [
    `preview: ${label}`,
    json('keyA', 'POST', '/posts/preview', { content, platforms: ['linkedin', 'bluesky'] }),
    OK,
  ]),
  [
    'a 100 KB body on a GET (ignored)',
    (ctx) => ({
      ...usage({ 'x-api-key': ctx.keyA, 'content-type': 'text/plain', 'content-length': '100000' })(),
      body: 'b'.repeat(100_000),
    }),
    OK,
  ],
];

/** Leaks that must never reach a client: stack frames, file paths, internal and library names. */
const INTERNALS =
  /\bat \S+ \(|\.[jt]s:\d+|\/(work|var\/task|home|usr)\/|node_modules|ServiceError|DomainError|TypeError|ReferenceError|SyntaxError|ValidationException|ConditionalCheck|DynamoDB|ajv|instancePath|schemaPath|xrpc/i;

describe('bad-input corpus', () => {
  let service: TestService;
  let ctx: Context;
  let before: string[];
  let receiver: WebhookReceiver;
  const statuses: number[] = [];

  /** Every item but the rate-limit windows, keys' last_used_at dropped (both written by every authenticated request). */
  async function storeSnapshot(): Promise<string[]> {
    const client = localClient(service.endpoint);
    const items: string[] = [];
    let start: Record<string, never> | undefined;
    do {
      const page = await client.send(new ScanCommand({ TableName: service.tableName, ConsistentRead: true, ExclusiveStartKey: start }));
      for (const raw of page.Items ?? []) {
        const item = unmarshall(raw);
        // A dashboard session counts its requests the same way.
        if (item.type === 'api_key_lookup' || item.type === 'session') {
          delete item.rl_window;
          delete item.rl_count;
        }
        if (item.type === 'api_key') delete item.last_used_at;
        items.push(JSON.stringify(Object.fromEntries(Object.entries(item).sort(([a], [b]) => a.localeCompare(b)))));
      }
      start = page.LastEvaluatedKey as typeof start;
    } while (start);
    client.destroy();
    return items.sort();
  }

  beforeAll(async () => {
    // Any sign-in that gets through validation goes to a closed port, never to the internet.
    service = await startTestService(
      { RATE_LIMIT_REQUESTS: '100000', BLUESKY_SERVICE_URL: 'http://127.0.0.1:1' },
      { scheduler: new RecordingScheduler() },
    );
    const a = await service.createAccount({ plan: 'pro' });
    const b = await service.createAccount();
    [a.apiKey, b.apiKey].forEach(registerSecret);
    await service.connectProfile(a.accountId, 'linkedin');
    await service.connectProfile(a.accountId, 'bluesky');
    await service.connectProfile(b.accountId, 'linkedin');
    const call = (method: string, path: string, key: string, body?: unknown) => service.call(method, path, { key, body });
    const scheduled = await call('POST', '/posts', a.apiKey, { content: 'later', platforms: ['linkedin'], scheduled_for: inHours(2) });
    const publishing = await call('POST', '/posts', a.apiKey, { content: 'now', platforms: ['bluesky'] });
    await call('POST', '/posts', a.apiKey, { content: 'third', platforms: ['bluesky'], scheduled_for: inHours(3) });
    const doomed = await call('POST', '/keys', a.apiKey, { name: 'doomed' });
    await call('DELETE', `/keys/${doomed.json.key.id}`, a.apiKey);
    const keyOfB = await call('POST', '/keys', b.apiKey, { name: 'second' });
    [doomed.json.api_key, keyOfB.json.api_key].forEach(registerSecret);
    const profilesOfB = await call('GET', '/profiles', b.apiKey);
    ctx = {
      keyA: a.apiKey,
      keyB: b.apiKey,
      deletedKey: doomed.json.api_key,
      scheduledPost: scheduled.json.post.id,
      publishingPost: publishing.json.post.id,
      profileOfB: profilesOfB.json.profiles[0].id,
      keyOfB: keyOfB.json.key.id,
      cursorA: (await call('GET', '/posts?limit=1', a.apiKey)).json.next_cursor,
      cursorB: '',
      cookie: '',
      csrf: '',
      webhookA: '',
      foreignCursor: '',
    };
    const email = uniqueEmail('corpus');
    const { setOwnerLogin } = await import('#shared/use-cases/dashboard-owner-logins');
    await setOwnerLogin(a.accountId, email, PASSWORD);
    const { session } = await signIn(service, email);
    [ctx.cookie, ctx.csrf] = [session!.cookie, session!.csrf];
    // B's list has one post too few for a cursor: give it two scheduled posts on LinkedIn.
    await call('POST', '/posts', b.apiKey, { content: 'b1', platforms: ['linkedin'], scheduled_for: inHours(4) });
    await call('POST', '/posts', b.apiKey, { content: 'b2', platforms: ['linkedin'], scheduled_for: inHours(5) });
    ctx.cursorB = (await call('GET', '/posts?limit=1', b.apiKey)).json.next_cursor;
    // Two webhooks of A: the first's id; a deliveries cursor of the second, whose test events a
    // receiver takes (so no retry writes anything while the corpus runs).
    receiver = await startWebhookReceiver();
    const webhookA = await call('POST', '/webhooks', a.apiKey, { url: 'http://127.0.0.1:9/a' });
    const webhookA2 = await call('POST', '/webhooks', a.apiKey, { url: receiver.url });
    [webhookA.json.secret, webhookA2.json.secret].forEach(registerSecret);
    ctx.webhookA = webhookA.json.webhook.id;
    for (let index = 0; index < 2; index += 1) await call('POST', `/webhooks/${webhookA2.json.webhook.id}/test`, a.apiKey);
    ctx.foreignCursor = await eventually(
      async () => {
        const cursor: string =
          (await call('GET', `/webhooks/${webhookA2.json.webhook.id}/deliveries?limit=1`, a.apiKey)).json.next_cursor ?? '';
        expect(cursor).not.toBe('');
        return cursor;
      },
      { timeoutMs: 5_000, intervalMs: 50 },
    );
    await receiver.waitFor(2);
    // Each attempt's record is completed after the receiver answered: polled until both are, so the
    // snapshot below does not change under the corpus.
    const recorded = async () =>
      (
        (await call('GET', `/webhooks/${webhookA2.json.webhook.id}/deliveries`, a.apiKey)).json.deliveries as Array<{ status: string }>
      ).filter((delivery) => delivery.status === 'succeeded').length;
    await eventually(async () => expect(await recorded()).toBe(2), { timeoutMs: 10_000, intervalMs: 25 });
    expect([ctx.scheduledPost, ctx.publishingPost, ctx.cursorA, ctx.cursorB, ctx.webhookA, ctx.foreignCursor].every(Boolean)).toBe(true);
    before = await storeSnapshot();
  });
  afterAll(async () => {
    await service.stop();
    await receiver?.stop();
  });

  it('has at least 200 requests', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    expect(new Set(corpus.map(([name]) => name)).size).toBe(corpus.length);
  });

  it.each(corpus)('%s', async (_name, build, expected) => {
    const reply = await send(service.baseUrl, build(ctx));
    statuses.push(reply.status);
    expect(reply.status).not.toBe(500);
    expect(reply.text).not.toMatch(INTERNALS);
    expect(reply.headers['x-request-id']).toEqual(expect.any(String));
    if (!expected.code) return expect(reply.status).toBe(expected.status);
    let body: unknown;
    try {
      body = JSON.parse(reply.text);
    } catch {
      body = reply.text;
    }
    expect({ status: reply.status, contentType: reply.headers['content-type'], body }).toEqual({
      status: expected.status,
      contentType: 'application/json',
      body: {
        error: expected.code,
        message: expected.message ? expect.stringMatching(expected.message) : expect.any(String),
        ...expected.extras,
      },
    });
  });

  it.each(mustWork)('valid despite appearances: %s', async (_name, build, expected) => {
    const reply = await send(service.baseUrl, build(ctx));
    statuses.push(reply.status);
    expect([reply.status, reply.text.slice(0, 300)]).toEqual([expected.status, expect.any(String)]);
  });

  it('wrote nothing to the store (rate-limit windows and last_used_at aside)', async () => {
    expect(statuses).toHaveLength(corpus.length + mustWork.length);
    expect(await storeSnapshot()).toEqual(before);
  });
});

/** Sends a request exactly as written: node:http for headers and paths, a socket for raw request lines. */
function send(baseUrl: string, wire: Wire): Promise<Reply> {
  const { hostname, port } = new URL(baseUrl);
  if (wire.raw !== undefined) return sendRaw(hostname, Number(port), wire.raw);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, method: wire.method, path: wire.path });
    for (const [name, value] of Object.entries(wire.headers ?? {})) outgoing.setHeader(name, value);
    outgoing.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(wire.body);
  });
}

function sendRaw(host: string, port: number, text: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const response = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = response.split('\r\n\r\n');
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, text: rest.join('\r\n\r\n') });
    });
  });
}
