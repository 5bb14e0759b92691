import { randomBytes } from 'node:crypto';
import { isLinkedInApiVersion, linkedInVersionStanding } from '#shared/domain/linkedin-api-version';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseLittleText } from '#shared/platforms/linkedin/little-text';
import { fakeLinkedInOrganizations } from './fake-linkedin-organizations';
import { fakeLinkedInSocialActions } from './fake-linkedin-social-actions';
import { fakeLinkedInMetrics } from './fake-linkedin-metrics';
import { fakeLinkedInVideos } from './fake-linkedin-videos';
import { fakeLinkedInDocuments, pollProblem } from './fake-linkedin-documents';

/**
 * A fake LinkedIn on 127.0.0.1 (a free port), close enough to the real one that the service
 * cannot tell: OAuth 2.0 authorization code + OpenID Connect userinfo, and the Posts API with
 * its headers, its little-text commentary, its 401/422/429/5xx bodies and its duplicate check.
 *
 *   const linkedin = await startFakeLinkedIn();
 *   const service = await startTestService(linkedin.settings());   // LINKEDIN_* variables
 *   const { callbackPath } = linkedin.approve(authorizationUrl, { sub: 'abc', name: 'Ada' });
 *   await service.call('GET', callbackPath);                         // the browser's return
 *   linkedin.failNextPosts(2, { type: 'status', status: 503 });      // then publish...
 *   expect(linkedin.createdPosts()[0].text).toBe('exactly as written (with #tags)');
 *   await linkedin.stop();
 *
 * Endpoints: GET /oauth/v2/authorization (consents as `consentUser` and redirects),
 * POST /oauth/v2/accessToken, GET /v2/userinfo, POST /rest/posts, and the Images API
 * (POST /rest/images?action=initializeUpload, then a PUT of the bytes to the returned upload
 * URL; a post may then reference the image in content.article, content.media or
 * content.multiImage). Time comes from `options.now` so a test clock can expire codes and tokens.
 * Tokens carry the scopes their authorization URL asked for. Organization pages (the ACL finder,
 * the organizations lookup, and who a post or upload may act as) live in
 * fake-linkedin-organizations.ts: `linkedin.organizations.add({ id, name, administrators })`.
 */
export interface FakeLinkedInUser {
  sub: string;
  name?: string;
}

/** What the next post calls do instead of (or besides) creating the post. */
export type PostFault =
  /** Answers this status with LinkedIn's error body; `created: true` creates the post first (a 5xx that still posted). */
  | { type: 'status'; status: number; message?: string; retryAfterSeconds?: number; created?: boolean }
  /** 422 DUPLICATE_POST, as when the same text was posted before. */
  | { type: 'duplicate' }
  /** Creates the post and never answers (the caller times out after sending). */
  | { type: 'hang' }
  /** Creates the post and answers 201 after `ms`. */
  | { type: 'delay'; ms: number }
  /** Creates the post, then drops the connection without answering. */
  | { type: 'reset' };

export interface ReceivedPost {
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (the raw text when it was not JSON). */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The commentary as LinkedIn shows it, its clickable hashtags, and whether LinkedIn would cut it short. */
  text?: string;
  hashtags?: string[];
  complete?: boolean;
  /** The status answered (0: no answer, hang or reset). */
  status: number;
  /** Set when the post was created (even if the caller never heard so). */
  urn?: string;
}

/** An image registered through initializeUpload; `bytes` once uploaded. */
export interface FakeImage {
  urn: string;
  owner: string;
  uploadToken: string;
  uploadUrlExpiresAt: number;
  bytes?: Buffer;
  contentType?: string;
}

export interface IssuedToken {
  token: string;
  user: FakeLinkedInUser;
  /** The scopes granted (those the authorization URL asked for). */
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export interface FakeLinkedInOptions {
  clientId?: string;
  clientSecret?: string;
  /** Access-token lifetime in seconds (LinkedIn: 60 days). */
  tokenLifetimeSeconds?: number;
  /** Reject a post whose author and commentary repeat an earlier one, as LinkedIn does. Default true. */
  detectDuplicates?: boolean;
  now?: () => number;
}

const CODE_LIFETIME_SECONDS = 10 * 60;
const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'];
const INVALID_GRANT = {
  error: 'invalid_grant',
  error_description: 'The provided authorization grant or redirect uri is invalid, expired or revoked',
};

export type FakeLinkedIn = Awaited<ReturnType<typeof startFakeLinkedIn>>;

export async function startFakeLinkedIn(options: FakeLinkedInOptions = {}) {
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? `fake-secret-${randomBytes(8).toString('hex')}`;
  const now = options.now ?? Date.now;
  /** LinkedIn answers only versions released and not yet retired (about a year each); others get 426 NONEXISTENT_VERSION. */
  const versionActive = (version: string): boolean => {
    if (!isLinkedInApiVersion(version)) return false;
    const standing = linkedInVersionStanding(version, new Date(now()));
    return standing.ageMonths >= 0 && standing.daysLeft >= 0;
  };
  let tokenLifetimeSeconds = options.tokenLifetimeSeconds ?? 60 * 24 * 60 * 60;
  let consentUser: FakeLinkedInUser = { sub: 'fake-member', name: 'Fake Member' };
  const codes = new Map<string, { user: FakeLinkedInUser; expiresAt: number; redirectUri?: string; used: boolean; scopes: string[] }>();
  const tokens = new Map<string, IssuedToken>();
  const received: ReceivedPost[] = [];
  const postFaults: PostFault[] = [];
  const exchangeFaults: number[] = [];
  let shareCounter = 7_100_000_000_000_000_000n;
  const images = new Map<string, FakeImage>();
  let imageCounter = 0;

  const send = (response: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    response.writeHead(status, { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers });
    response.end(text);
  };

  const issueToken = (user: FakeLinkedInUser, lifetimeSeconds = tokenLifetimeSeconds, scopes = MEMBER_SCOPES): IssuedToken => {
    const issued = {
      token: `AQV${randomBytes(48).toString('base64url')}`,
      user,
      scopes: [...scopes],
      expiresAt: now() + lifetimeSeconds * 1000,
      revoked: false,
    };
    tokens.set(issued.token, issued);
    return issued;
  };

  /** The token of the request, or the 401 body LinkedIn answers for a missing, unknown, expired or revoked one. */
  function tokenProblem(
    headers: IncomingHttpHeaders,
  ): { status: number; serviceErrorCode: number; code: string; message: string } | IssuedToken {
    const match = /^Bearer (\S+)$/.exec(headers.authorization ?? '');
    if (!match) return { status: 401, serviceErrorCode: 65604, code: 'EMPTY_ACCESS_TOKEN', message: 'Empty oauth2_access_token' };
    const issued = tokens.get(match[1]);
    if (!issued) return { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' };
    if (issued.revoked)
      return {
        status: 401,
        serviceErrorCode: 65601,
        code: 'REVOKED_ACCESS_TOKEN',
        message: 'The token used in the request has been revoked by the user',
      };
    if (issued.expiresAt <= now())
      return { status: 401, serviceErrorCode: 65601, code: 'EXPIRED_ACCESS_TOKEN', message: 'The token used in the request has expired' };
    return issued;
  }

  function accessToken(form: URLSearchParams, headers: IncomingHttpHeaders, request: IncomingMessage, response: ServerResponse): void {
    const fault = exchangeFaults.shift();
    if (fault === 0) return void request.socket.destroy();
    if (fault !== undefined) return send(response, fault, { error: 'server_error', error_description: 'Internal error' });
    if (!headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
      return send(response, 400, { error: 'invalid_request', error_description: 'Content-Type must be application/x-www-form-urlencoded' });
    }
    if (form.get('grant_type') !== 'authorization_code') {
      return send(response, 400, { error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code' });
    }
    for (const name of ['code', 'redirect_uri', 'client_id', 'client_secret']) {
      if (!form.get(name))
        return send(response, 400, { error: 'invalid_request', error_description: `A required parameter "${name}" is missing` });
    }
    if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
      return send(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    }
    const code = codes.get(form.get('code') ?? '');
    if (
      !code ||
      code.used ||
      code.expiresAt <= now() ||
      (code.redirectUri !== undefined && code.redirectUri !== form.get('redirect_uri'))
    ) {
      return send(response, 400, INVALID_GRANT);
    }
    code.used = true;
    const issued = issueToken(code.user, tokenLifetimeSeconds, code.scopes);
    send(response, 200, {
      access_token: issued.token,
      expires_in: tokenLifetimeSeconds,
      scope: ['email', ...issued.scopes].join(','),
      token_type: 'Bearer',
      id_token: `fake.${Buffer.from(JSON.stringify({ sub: code.user.sub })).toString('base64url')}.fake`,
    });
  }

  function userinfo(headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = tokenProblem(headers);
    if (!('token' in issued)) return send(response, 401, issued);
    const [given, ...family] = (issued.user.name ?? '').split(' ');
    send(response, 200, {
      sub: issued.user.sub,
      ...(issued.user.name ? { name: issued.user.name, given_name: given, family_name: family.join(' ') } : {}),
      picture: `https://media.licdn.example/${issued.user.sub}.jpg`,
      locale: { country: 'US', language: 'en' },
    });
  }

  /** The Posts API's schema checks for a text post; the first problem as a 422 message, or undefined. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function bodyProblem(body: any, author: string): { status: number; message: string } | undefined {
    if (body === null || typeof body !== 'object') return { status: 400, message: 'Request body must be a JSON object' };
    if (body.author !== author) return { status: 403, message: `Not enough permissions to post as ${String(body.author)}` };
    if (typeof body.commentary !== 'string') return { status: 422, message: 'Field /commentary must be a string' };
    if (body.commentary.length > 3000) return { status: 422, message: 'Field /commentary is longer than 3000 characters' };
    if (!['PUBLIC', 'CONNECTIONS', 'LOGGED_IN'].includes(body.visibility))
      return { status: 422, message: 'Field /visibility has an invalid value' };
    const distribution = body.distribution;
    if (
      !distribution ||
      !['MAIN_FEED', 'NONE'].includes(distribution.feedDistribution) ||
      !Array.isArray(distribution.targetEntities) ||
      !Array.isArray(distribution.thirdPartyDistributionChannels)
    ) {
      return { status: 422, message: 'Field /distribution is invalid' };
    }
    if (body.lifecycleState !== 'PUBLISHED') return { status: 422, message: 'Field /lifecycleState must be PUBLISHED' };
    if (typeof body.isReshareDisabledByAuthor !== 'boolean')
      return { status: 422, message: 'Field /isReshareDisabledByAuthor must be a boolean' };
    return body.content === undefined ? undefined : contentProblem(body.content, author);
  }

  /** content.article / content.media / content.multiImage, as the Posts API documents them; images must be uploaded by the author. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function contentProblem(content: any, author: string): { status: number; message: string } | undefined {
    if (content === null || typeof content !== 'object') return { status: 422, message: 'Field /content must be an object' };
    const kinds = Object.keys(content);
    if (kinds.length !== 1 || !['article', 'media', 'multiImage', 'poll'].includes(kinds[0]!))
      return {
        status: 422,
        message: `Field /content must hold exactly one of article, media, multiImage, poll (got ${kinds.join(', ') || 'none'})`,
      };
    if (content.poll) return pollProblem(content.poll);
    if (content.media && documents.isDocument(content.media.id)) return documents.mediaProblem(content.media, author);
    const imageProblem = (urn: unknown, field: string) => {
      const image = typeof urn === 'string' ? images.get(urn) : undefined;
      if (!image) return { status: 422, message: `Field ${field} is not a known image URN` };
      if (image.owner !== author) return { status: 403, message: `Field ${field}: the image belongs to another owner` };
      if (!image.bytes)
        return { status: 422, message: `Field ${field}: the image ${image.urn} has not been uploaded (status WAITING_UPLOAD)` };
      return undefined;
    };
    if (content.article) {
      const article = content.article;
      if (typeof article.source !== 'string' || !/^https?:\/\//.test(article.source))
        return { status: 422, message: 'Field /content/article/source must be a URL' };
      if (typeof article.title !== 'string' || !article.title) return { status: 422, message: 'Field /content/article/title is required' };
      if (article.description !== undefined && typeof article.description !== 'string')
        return { status: 422, message: 'Field /content/article/description must be a string' };
      if (article.thumbnail !== undefined) return imageProblem(article.thumbnail, '/content/article/thumbnail');
      return undefined;
    }
    if (content.media && videos.isVideo(content.media.id)) return videos.mediaProblem(content.media, author);
    if (content.media) {
      if (content.media.altText !== undefined && (typeof content.media.altText !== 'string' || content.media.altText.length > 4086))
        return { status: 422, message: 'Field /content/media/altText must be a string of at most 4086 characters' };
      return imageProblem(content.media.id, '/content/media/id');
    }
    const list = content.multiImage?.images;
    if (!Array.isArray(list) || list.length < 2 || list.length > 20)
      return { status: 422, message: 'Field /content/multiImage/images must hold 2 to 20 images' };
    for (const [index, entry] of list.entries()) {
      if (entry?.altText !== undefined && (typeof entry.altText !== 'string' || entry.altText.length > 4086))
        return { status: 422, message: `Field /content/multiImage/images/${index}/altText must be a string of at most 4086 characters` };
      const problem = imageProblem(entry?.id, `/content/multiImage/images/${index}/id`);
      if (problem) return problem;
    }
    return undefined;
  }

  const restError = (status: number, message: string, code?: string) => ({
    status,
    message,
    ...(code ? { code } : {}),
    ...(status === 422 ? { errorDetailType: 'com.linkedin.common.error.BadRequest' } : {}),
  });

  function createPost(post: ReceivedPost): string {
    shareCounter += 1n;
    post.urn = `urn:li:share:${shareCounter}`;
    return post.urn;
  }

  function posts(raw: string, headers: IncomingHttpHeaders, request: IncomingMessage, response: ServerResponse): void {
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      /* recorded as text */
    }
    const post: ReceivedPost = { headers, body, status: 0 };
    received.push(post);
    const answer = (status: number, payload?: unknown, extra: Record<string, string> = {}) => {
      post.status = status;
      send(response, status, payload, extra);
    };
    const issued = tokenProblem(headers);
    if (!('token' in issued)) return answer(401, issued);
    const version = headers['linkedin-version'];
    if (!version)
      return answer(
        400,
        restError(400, 'A version must be present. Please specify a version by adding the LinkedIn-Version header.', 'VERSION_MISSING'),
      );
    if (!versionActive(String(version)))
      return answer(426, restError(426, `Requested version ${String(version)} is not active`, 'NONEXISTENT_VERSION'));
    if (headers['x-restli-protocol-version'] !== '2.0.0') return answer(400, restError(400, 'X-Restli-Protocol-Version 2.0.0 is required'));
    if (!headers['content-type']?.startsWith('application/json'))
      return answer(415, restError(415, 'Content-Type must be application/json'));
    const problem = bodyProblem(body, organizations.actingAs((body as { author?: unknown } | null)?.author, issued));
    if (problem) return answer(problem.status, restError(problem.status, problem.message));
    const commentary = (body as { commentary: string }).commentary;
    Object.assign(post, parseLittleText(commentary));

    const fault = postFaults.shift();
    const earlier =
      (options.detectDuplicates ?? true)
        ? received.find(
            (other) =>
              other !== post &&
              other.urn &&
              other.body.author === (body as { author: string }).author &&
              other.body.commentary === commentary,
          )
        : undefined;
    if (fault?.type === 'duplicate' || (!fault && earlier)) {
      return answer(422, {
        ...restError(
          422,
          `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${earlier?.urn ?? 'urn:li:share:7099999999999999999'}`,
        ),
        errorDetails: { inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }] },
      });
    }
    if (fault?.type === 'status') {
      if (fault.created) createPost(post);
      const headers: Record<string, string> =
        fault.retryAfterSeconds === undefined ? {} : { 'retry-after': String(fault.retryAfterSeconds) };
      return answer(
        fault.status,
        restError(
          fault.status,
          fault.message ??
            (fault.status === 429 ? 'Resource level throttle limit for calls to this resource is reached.' : 'Internal Server Error'),
        ),
        headers,
      );
    }
    const urn = createPost(post);
    if (fault?.type === 'hang') return;
    if (fault?.type === 'reset') return void request.socket.destroy();
    const created = () => answer(201, undefined, { 'x-restli-id': urn, 'x-linkedin-id': urn });
    if (fault?.type === 'delay') return void setTimeout(created, fault.ms).unref();
    created();
  }

  /** The Rest.li headers every /rest call needs; the first problem as LinkedIn answers it. */
  function restHeadersProblem(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined {
    const version = headers['linkedin-version'];
    if (!version)
      return {
        status: 400,
        body: restError(
          400,
          'A version must be present. Please specify a version by adding the LinkedIn-Version header.',
          'VERSION_MISSING',
        ),
      };
    if (!versionActive(String(version)))
      return { status: 426, body: restError(426, `Requested version ${String(version)} is not active`, 'NONEXISTENT_VERSION') };
    if (headers['x-restli-protocol-version'] !== '2.0.0')
      return { status: 400, body: restError(400, 'X-Restli-Protocol-Version 2.0.0 is required') };
    return undefined;
  }

  /** POST /rest/images?action=initializeUpload: registers an image for the owner and hands out a one-hour upload URL. */
  function initializeImageUpload(url: URL, raw: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = tokenProblem(headers);
    if (!('token' in issued)) return send(response, 401, issued);
    const problem = restHeadersProblem(headers);
    if (problem) return send(response, problem.status, problem.body);
    if (url.searchParams.get('action') !== 'initializeUpload') return send(response, 400, restError(400, 'Unsupported action'));
    let owner: unknown;
    try {
      owner = (JSON.parse(raw) as { initializeUploadRequest?: { owner?: unknown } }).initializeUploadRequest?.owner;
    } catch {
      /* owner stays undefined */
    }
    if (typeof owner !== 'string') return send(response, 422, restError(422, 'Field /initializeUploadRequest/owner is required'));
    if (owner !== organizations.actingAs(owner, issued))
      return send(response, 403, restError(403, `Not enough permissions to upload as ${owner}`));
    imageCounter += 1;
    const image: FakeImage = {
      urn: `urn:li:image:C4E10AQ${String(imageCounter).padStart(10, '0')}`,
      owner,
      uploadToken: randomBytes(12).toString('hex'),
      uploadUrlExpiresAt: now() + 60 * 60 * 1000,
    };
    images.set(image.urn, image);
    send(response, 200, {
      value: {
        uploadUrlExpiresAt: image.uploadUrlExpiresAt,
        uploadUrl: `${uploadOrigin ?? baseUrl}/dms-uploads/${encodeURIComponent(image.urn)}?token=${image.uploadToken}`,
        image: image.urn,
      },
    });
  }

  /** PUT to an upload URL: the member's token, the URL's own token, before it expires; JPEG, PNG or GIF bytes only. */
  function uploadImage(url: URL, bytes: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = tokenProblem(headers);
    if (!('token' in issued)) return send(response, 401, issued);
    const image = images.get(decodeURIComponent(url.pathname.slice('/dms-uploads/'.length)));
    if (!image || url.searchParams.get('token') !== image.uploadToken) return send(response, 403, restError(403, 'Invalid upload URL'));
    if (image.uploadUrlExpiresAt <= now()) return send(response, 403, restError(403, 'The upload URL has expired'));
    if (image.owner !== organizations.actingAs(image.owner, issued))
      return send(response, 403, restError(403, 'Not the owner of this upload'));
    const kind = bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))
      ? 'image/jpeg'
      : bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
        ? 'image/png'
        : bytes.subarray(0, 4).toString('latin1') === 'GIF8'
          ? 'image/gif'
          : undefined;
    if (!kind) return send(response, 400, restError(400, 'Unsupported image format: JPG, GIF and PNG are supported'));
    image.bytes = bytes;
    image.contentType = kind;
    send(response, 201);
  }

  function authorization(url: URL, response: ServerResponse): void {
    const redirectUri = url.searchParams.get('redirect_uri');
    if (url.searchParams.get('client_id') !== clientId || !redirectUri) return send(response, 400, { error: 'invalid_request' });
    const code = issueCode(consentUser, { redirectUri, scopes: url.searchParams.get('scope')?.split(' ') });
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    location.searchParams.set('state', url.searchParams.get('state') ?? '');
    send(response, 302, undefined, { location: location.toString() });
  }

  const organizations = fakeLinkedInOrganizations({ send, restError, restHeadersProblem, tokenProblem });
  const socialActions = fakeLinkedInSocialActions({
    send,
    restError,
    restHeadersProblem,
    tokenProblem,
    actingAs: (requested, issued) => organizations.actingAs(requested, issued),
    postExists: (urn) => received.some((post) => post.urn === urn),
    now,
  });
  const metrics = fakeLinkedInMetrics({
    send,
    restError,
    restHeadersProblem,
    tokenProblem,
    postExists: (urn) => received.some((post) => post.urn === urn),
  });
  const videos = fakeLinkedInVideos({
    send,
    restError,
    restHeadersProblem,
    tokenProblem,
    actingAs: organizations.actingAs,
    baseUrl: () => uploadOrigin ?? baseUrl,
  });
  const documents = fakeLinkedInDocuments(
    { send, restError, restHeadersProblem, tokenProblem, actingAs: organizations.actingAs, baseUrl: () => uploadOrigin ?? baseUrl },
    now,
  );

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const bytes = Buffer.concat(chunks);
      const raw = bytes.toString('utf8');
      const url = new URL(request.url ?? '/', 'http://fake');
      const route = `${request.method} ${url.pathname}`;
      if (route === 'GET /oauth/v2/authorization') return authorization(url, response);
      if (route === 'POST /oauth/v2/accessToken') return accessToken(new URLSearchParams(raw), request.headers, request, response);
      if (route === 'GET /v2/userinfo') return userinfo(request.headers, response);
      if (route === 'POST /rest/posts') return posts(raw, request.headers, request, response);
      if (route === 'POST /rest/images') return initializeImageUpload(url, raw, request.headers, response);
      if (videos.route(request.method, url, bytes, request.headers, response)) return;
      if (documents.route(request.method, url, bytes, request.headers, response)) return;
      if (organizations.route(request.method, url, request.headers, response)) return;
      if (socialActions.route(request.method, url, raw, request.headers, response)) return;
      if (metrics.route(request.method, url, request.headers, response)) return;
      if (request.method === 'PUT' && url.pathname.startsWith('/dms-uploads/')) return uploadImage(url, bytes, request.headers, response);
      send(response, 404, { status: 404, message: `No resource ${route}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let uploadOrigin: string | undefined;

  /** Issues a code as if `user` consented; bound to `redirectUri` when given, as LinkedIn binds it. `ttlSeconds: 0` gives an expired one. */
  function issueCode(user: FakeLinkedInUser, codeOptions: { redirectUri?: string; ttlSeconds?: number; scopes?: string[] } = {}): string {
    const code = `AQT${randomBytes(24).toString('base64url')}`;
    codes.set(code, {
      user,
      scopes: codeOptions.scopes ?? MEMBER_SCOPES,
      redirectUri: codeOptions.redirectUri,
      used: false,
      expiresAt: now() + (codeOptions.ttlSeconds ?? CODE_LIFETIME_SECONDS) * 1000,
    });
    return code;
  }

  /** Plays the browser at LinkedIn's consent page: checks the URL the service built and returns where LinkedIn would send the browser. */
  function approve(authorizationUrl: string, user: FakeLinkedInUser = consentUser, consent: 'allow' | 'deny' = 'allow') {
    const url = new URL(authorizationUrl);
    const params = url.searchParams;
    const problems = [
      url.origin + url.pathname === `${baseUrl}/oauth/v2/authorization`
        ? ''
        : `unexpected authorization endpoint ${url.origin}${url.pathname}`,
      params.get('response_type') === 'code' ? '' : 'response_type must be code',
      params.get('client_id') === clientId ? '' : 'unknown client_id',
      params.get('redirect_uri') ? '' : 'redirect_uri missing',
      params.get('state') ? '' : 'state missing',
      ['openid', 'profile', 'w_member_social'].every((scope) => params.get('scope')?.split(' ').includes(scope))
        ? ''
        : 'scope must include openid profile w_member_social',
    ].filter(Boolean);
    if (problems.length) throw new Error(`fake LinkedIn refused the authorization URL: ${problems.join('; ')}`);
    const redirectUri = params.get('redirect_uri') as string;
    const state = params.get('state') as string;
    const callback = new URL(redirectUri);
    const code = consent === 'allow' ? issueCode(user, { redirectUri, scopes: params.get('scope')?.split(' ') }) : undefined;
    if (code) callback.searchParams.set('code', code);
    else {
      callback.searchParams.set('error', 'user_cancelled_authorize');
      callback.searchParams.set('error_description', 'The user cancelled the authorization');
    }
    callback.searchParams.set('state', state);
    return { code, state, redirectUri, callbackUrl: callback.toString(), callbackPath: `${callback.pathname}${callback.search}` };
  }

  const tokensOf = (sub?: string) => [...tokens.values()].filter((issued) => sub === undefined || issued.user.sub === sub);

  return {
    oauthBaseUrl: `${baseUrl}/oauth/v2`,
    apiBaseUrl: baseUrl,
    clientId,
    clientSecret,
    /** The service's LINKEDIN_* settings pointing at this fake (for startTestService / useTestTable). */
    settings: (): Record<string, string> => ({
      LINKEDIN_OAUTH_BASE_URL: `${baseUrl}/oauth/v2`,
      LINKEDIN_API_BASE_URL: baseUrl,
      LINKEDIN_CLIENT_ID: clientId,
      LINKEDIN_CLIENT_SECRET: clientSecret,
      // Its upload URLs are on its own origin, over http: allowed by the setting, as LinkedIn's hosts are in AWS.
      LINKEDIN_UPLOAD_HOSTS: baseUrl,
    }),
    issueCode,
    approve,
    /** A token issued without the OAuth dance (adapter tests). */
    issueToken: (user: FakeLinkedInUser, lifetimeSeconds?: number, scopes?: string[]): IssuedToken =>
      issueToken(user, lifetimeSeconds, scopes),
    /** Organization pages and their administrators (fake-linkedin-organizations.ts). */
    organizations: organizations.controls,
    /** Comments on posts (fake-linkedin-social-actions.ts). */
    comments: socialActions.controls,
    /** Likes and comments counts read through the Social Actions API (fake-linkedin-metrics.ts). */
    metrics: metrics.controls,
    /** Who consents at GET /oauth/v2/authorization. */
    setConsentUser: (user: FakeLinkedInUser) => void (consentUser = user),
    setTokenLifetime: (seconds: number) => void (tokenLifetimeSeconds = seconds),
    tokens: (sub?: string): IssuedToken[] => tokensOf(sub),
    /** Revokes (as the member does in their settings) or expires the member's tokens; all tokens without a sub. */
    revokeTokens: (sub?: string) => tokensOf(sub).forEach((issued) => void (issued.revoked = true)),
    expireTokens: (sub?: string) => tokensOf(sub).forEach((issued) => void (issued.expiresAt = now() - 1)),
    /** The next `count` token exchanges answer this status (5xx: LinkedIn down; 0: the connection drops unanswered). */
    failNextTokenExchanges: (count: number, status = 503) => exchangeFaults.push(...Array<number>(count).fill(status)),
    /** The next `count` post calls that pass the header and body checks meet `fault`. */
    failNextPosts: (count: number, fault: PostFault) => postFaults.push(...Array<PostFault>(count).fill(fault)),
    /** Every POST /rest/posts received, in order, whatever was answered. */
    receivedPosts: (): ReceivedPost[] => [...received],
    /** The posts that exist on the fake LinkedIn (including those whose caller never heard back). */
    createdPosts: (): ReceivedPost[] => received.filter((post) => post.urn !== undefined),
    postCount: (): number => received.filter((post) => post.urn !== undefined).length,
    /** Upload URLs (images and video parts) name this origin instead of the fake's own; undefined: its own again. */
    answerUploadsOn: (origin: string | undefined) => void (uploadOrigin = origin),
    /** Images registered through the Images API (uploaded or not), by URN. */
    images: (): Map<string, FakeImage> => new Map(images),
    /** The Videos API (fake-linkedin-videos.ts). */
    videos: videos.controls,
    /** The Documents API (fake-linkedin-documents.ts). */
    documents: documents.controls,
    stop: async (): Promise<void> => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
