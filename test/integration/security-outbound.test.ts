import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { startTestService, type TestService } from '../support/test-service';

/**
 * Every request the Bluesky agent makes (connect, session refresh, publish, blob upload) goes
 * through the SSRF-safe client (docs/decisions/0037-outbound-requests.md): the name
 * resolved once through the name-resolver port and pinned, internal addresses refused, and the
 * PDS endpoint a DID document names checked the same way before it is used. "Internal" here is an
 * address that still reaches this machine but is not loopback (0.0.0.0 connects to it on Linux), or
 * a private one; a local run allows only loopback itself.
 */
interface Received {
  method: string;
  path: string;
  authorization: string | undefined;
}

interface Recorder {
  port: number;
  url: string;
  received: Received[];
  stop(): Promise<void>;
}

async function startRecorder(answer: (request: IncomingMessage, response: ServerResponse, body: string) => void): Promise<Recorder> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method!, path: request.url!.split('?')[0]!, authorization: request.headers.authorization });
      answer(request, response, Buffer.concat(chunks).toString());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    received,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

const did = 'did:plc:ewvi7nxzyoun6zhxrhs64oiz';
const handle = 'alice.test';
const jwt = (claims: Record<string, unknown>) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(claims), 'signature'].map((part) => Buffer.from(part).toString('base64url')).join('.');
const freshToken = () => jwt({ scope: 'com.atproto.appPass', sub: did, exp: Math.floor(Date.now() / 1000) + 3600 });
const staleToken = () => jwt({ scope: 'com.atproto.appPass', sub: did, exp: Math.floor(Date.now() / 1000) - 60 });
const didDoc = (pdsEndpoint: string) => ({
  '@context': ['https://www.w3.org/ns/did/v1'],
  id: did,
  alsoKnownAs: [`at://${handle}`],
  verificationMethod: [],
  service: [{ id: '#atproto_pds', type: 'AtprotoPersonalDataServer', serviceEndpoint: pdsEndpoint }],
});

describe('Bluesky through the SSRF-safe client', () => {
  let service: TestService;
  /** Stands for something inside: whatever reaches it got past the checks. */
  let inside: Recorder;
  /** A PDS stand-in on loopback (allowed in a local run) whose DID document names `pdsEndpoint`. */
  let pds: Recorder;
  let pdsEndpoint: string | undefined;
  const names = new Map<string, string[]>();

  beforeAll(async () => {
    service = await startTestService({ BLUESKY_TIMEOUT_MS: '2000' });
    const { offlineResolver, useNameResolver } = await import('#shared/ports/name-resolver');
    useNameResolver(offlineResolver(names));
    inside = await startRecorder((_request, response) => json(response, 200, { note: 'inside reached' }));
    pds = await startRecorder((request, response) => {
      const method = request.url!.replace(/^\/xrpc\/|\?.*$/g, '');
      const session = {
        accessJwt: freshToken(),
        refreshJwt: jwt({ scope: 'com.atproto.refresh', sub: did }),
        handle,
        did,
        active: true,
        emailConfirmed: false,
      };
      const withDoc = pdsEndpoint ? { ...session, didDoc: didDoc(pdsEndpoint) } : session;
      if (method === 'com.atproto.server.createSession' || method === 'com.atproto.server.refreshSession')
        return json(response, 200, withDoc);
      if (method === 'com.atproto.server.getSession') return json(response, 200, withDoc);
      if (method === 'com.atproto.server.deleteSession') return json(response, 200, {});
      json(response, 400, { error: 'InvalidRequest', message: 'not in this stand-in' });
    });
  });
  beforeEach(() => {
    inside.received.length = 0;
    pds.received.length = 0;
    pdsEndpoint = undefined;
    names.clear();
  });
  afterAll(async () => {
    await inside?.stop();
    await pds?.stop();
    await service?.stop();
  });

  const connect = async (body: Record<string, unknown>) => {
    const { apiKey } = await service.createAccount();
    return service.call('POST', '/profiles/bluesky', { key: apiKey, body: { handle, app_password: 'abcd-efgh-ijkl-mnop', ...body } });
  };
  const refusedService = (response: { status: number; json: unknown }) =>
    expect([response.status, response.json]).toEqual([
      400,
      { error: 'INVALID_FIELD', field: 'service', message: expect.stringContaining('public https') },
    ]);

  describe('connecting', () => {
    it.each([
      ['an internal address given as service', () => `http://0.0.0.0:${inside.port}`],
      [
        'a public-looking name resolving to an internal address',
        () => (names.set('pds.attacker.example', ['0.0.0.0']), `http://pds.attacker.example:${inside.port}`),
      ],
      ['a name resolving to a private address', () => (names.set('pds.private.example', ['10.0.0.7']), 'http://pds.private.example')],
      [
        'a name resolving to a public and an internal address',
        () => (names.set('pds.mixed.example', ['8.8.8.8', '169.254.169.254']), 'http://pds.mixed.example'),
      ],
    ])('refuses %s with INVALID_FIELD service, sending nothing', async (_label, serviceUrl) => {
      refusedService(await connect({ service: serviceUrl() }));
      expect(inside.received).toEqual([]);
    });

    it('refuses, outside a local run, a public https name that resolves to 127.0.0.1', async () => {
      const { config } = await import('#shared/config');
      names.set('pds.attacker.example', ['127.0.0.1']);
      config.local = false;
      try {
        refusedService(await connect({ service: `https://pds.attacker.example:${inside.port}` }));
      } finally {
        config.local = true;
      }
      expect(inside.received).toEqual([]);
    });

    it.each([
      ['an internal address', () => `http://0.0.0.0:${inside.port}`],
      ['a name resolving to a private address', () => (names.set('pds.inside.example', ['192.168.1.20']), 'http://pds.inside.example')],
    ])('refuses a DID document whose PDS endpoint is %s, and ends the session it got', async (_label, endpoint) => {
      pdsEndpoint = endpoint();
      const response = await connect({ service: pds.url });
      expect([response.status, response.json]).toEqual([
        400,
        { error: 'INVALID_FIELD', field: 'service', message: expect.stringContaining('DID document') },
      ]);
      expect(inside.received).toEqual([]);
      expect(pds.received.map((request) => request.path)).toEqual([
        '/xrpc/com.atproto.server.createSession',
        '/xrpc/com.atproto.server.deleteSession',
      ]);
    });
  });

  describe('publishing', () => {
    /** A stored Bluesky profile at `serviceUrl` whose session's access token is fresh or stale. */
    const storedProfile = async (serviceUrl: string, accessJwt: string) => {
      const { accountId } = await service.createAccount();
      const { sealCredentials } = await import('#shared/platforms/bluesky/credentials');
      const { createProfileItem, getProfileItem, toPlatformProfile } = await import('#shared/store/profiles');
      const id = randomUUID();
      const session = { accessJwt, refreshJwt: jwt({ scope: 'com.atproto.refresh', sub: did }), did, handle };
      await createProfileItem({
        id,
        account_id: accountId,
        platform: 'bluesky',
        handle,
        display_name: null,
        platform_user_id: did,
        connected_at: new Date().toISOString(),
        expires_at: null,
        needs_reconnect: false,
        service: serviceUrl,
        credentials: await sealCredentials({ app_password: 'abcd-efgh-ijkl-mnop', session }, { accountId, profileId: id }),
      });
      return { accountId, profile: toPlatformProfile((await getProfileItem(accountId, 'bluesky'))!) };
    };
    const publish = async (stored: Awaited<ReturnType<typeof storedProfile>>, withImage = false): Promise<PublishOutcome> => {
      const { blueskyPublisher } = await import('#shared/platforms/bluesky/publisher');
      const image = { bytes: Buffer.from('not really a picture'), contentType: 'image/png', width: 1, height: 1, altText: 'x' };
      return blueskyPublisher.publish({
        postId: randomUUID(),
        accountId: stored.accountId,
        content: 'hello from the publisher',
        postTime: new Date(),
        profile: stored.profile,
        attempt: 1,
        ...(withImage ? { images: [image] } : {}),
      });
    };
    const refusedOutcome = (outcome: PublishOutcome) =>
      expect(outcome).toEqual({ ok: false, code: 'PLATFORM_REJECTED', message: expect.stringContaining('public https'), retryable: false });

    it('sends no post and no blob to a stored service that is an internal address', async () => {
      refusedOutcome(await publish(await storedProfile(`http://0.0.0.0:${inside.port}`, freshToken()), true));
      refusedOutcome(await publish(await storedProfile(`http://0.0.0.0:${inside.port}`, freshToken())));
      expect(inside.received).toEqual([]);
    });

    it('sends no session refresh to a stored service whose name now resolves to an internal address', async () => {
      names.set('pds.rebound.example', ['0.0.0.0']);
      refusedOutcome(await publish(await storedProfile(`http://pds.rebound.example:${inside.port}`, staleToken())));
      expect(inside.received).toEqual([]);
    });

    it('checks the PDS endpoint a refreshed session names before sending it the post', async () => {
      pdsEndpoint = `http://0.0.0.0:${inside.port}`;
      const outcome = await publish(await storedProfile(pds.url, staleToken()));
      expect(outcome).toEqual({ ok: false, code: 'PLATFORM_REJECTED', message: expect.stringContaining('DID document'), retryable: false });
      expect(pds.received.map((request) => request.path)).toEqual(['/xrpc/com.atproto.server.refreshSession']);
      expect(inside.received).toEqual([]);
    });
  });
});
