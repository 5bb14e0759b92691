import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AtpAgent } from '@atproto/api';
import type { TestNetworkNoAppView } from '@atproto/dev-env';

/**
 * A real Bluesky PDS (and PLC directory) in this process, from @atproto/dev-env, on free
 * ports, writing only under a temp folder removed by stop(). One per test file.
 */
export interface TestUser {
  handle: string;
  did: string;
  /** The main (account) password: only the test's own agent ever uses it. */
  password: string;
  appPassword: string;
  appPasswordName: string;
  /** A session of the main password (app-password sessions cannot manage app passwords). */
  agent: AtpAgent;
}

export interface PostRecord {
  uri: string;
  cid: string;
  rkey: string;
  value: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface TestPds {
  url: string;
  /** The PLC directory the PDS's DIDs live in (to resolve a DID's signing key). */
  plcUrl: string;
  /** A user `<name>-<random>.test` with one app password. */
  createUser(name: string, options?: { password?: string }): Promise<TestUser>;
  createAppPassword(user: TestUser, name?: string): Promise<string>;
  revokeAppPassword(user: TestUser, name?: string): Promise<void>;
  /** Writes the user's app.bsky.actor.profile record (read without an AppView). */
  setDisplayName(user: TestUser, displayName: string): Promise<void>;
  /** How many com.atproto.server.createSession (logins) the PDS has received so far. */
  createSessionCount(): number;
  /** How many calls of this XRPC method (e.g. com.atproto.server.refreshSession) the PDS has received. */
  callCount(method: string): number;
  /** The user's app.bsky.feed.post records, oldest first. */
  listPosts(did: string): Promise<PostRecord[]>;
  stop(): Promise<void>;
}

const appPasswordName = 'social-posting-test';

export async function startTestPds(): Promise<TestPds> {
  const folder = mkdtempSync(join(tmpdir(), 'sps-pds-'));
  const previousTmpdir = process.env.TMPDIR;
  // dev-env puts its SQLite files and blobs under os.tmpdir() and never removes them.
  process.env.TMPDIR = folder;
  let network: TestNetworkNoAppView;
  try {
    // Loaded here, not at the top: dev-env takes seconds to load, and the stub server needs none of it.
    const { TestNetworkNoAppView: Network } = await import('@atproto/dev-env');
    network = await Network.create({});
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  } finally {
    if (previousTmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmpdir;
  }
  const url = network.pds.url;

  // Count calls where the PDS receives them, whoever sends them.
  const calls = new Map<string, number>();
  network.pds.server.server!.prependListener('request', (request: IncomingMessage) => {
    const method = /^\/xrpc\/([^?]+)/.exec(request.url ?? '')?.[1];
    if (method) calls.set(method, (calls.get(method) ?? 0) + 1);
  });
  const callCount = (method: string) => calls.get(method) ?? 0;

  const createAppPassword = async (user: TestUser, name = appPasswordName): Promise<string> => {
    const { data } = await user.agent.com.atproto.server.createAppPassword({ name });
    return data.password;
  };

  return {
    url,
    plcUrl: network.plc.url,
    createUser: async (name, options = {}) => {
      const handle = `${name}-${randomBytes(3).toString('hex')}.test`;
      const password = options.password ?? `main-${randomBytes(12).toString('hex')}`;
      const agent = new AtpAgent({ service: url });
      // createAccount answers with a main-password session: no login is counted.
      await agent.createAccount({ handle, email: `${handle}@example.com`, password });
      const user: TestUser = { handle, did: agent.session!.did, password, appPassword: '', appPasswordName, agent };
      user.appPassword = await createAppPassword(user);
      return user;
    },
    createAppPassword,
    revokeAppPassword: async (user, name = appPasswordName) => {
      await user.agent.com.atproto.server.revokeAppPassword({ name });
    },
    setDisplayName: async (user, displayName) => {
      await user.agent.com.atproto.repo.putRecord({
        repo: user.did,
        collection: 'app.bsky.actor.profile',
        rkey: 'self',
        record: { $type: 'app.bsky.actor.profile', displayName },
      });
    },
    createSessionCount: () => callCount('com.atproto.server.createSession'),
    callCount,
    listPosts: async (did) => {
      const agent = new AtpAgent({ service: url });
      const records: PostRecord[] = [];
      let cursor: string | undefined;
      do {
        const { data } = await agent.com.atproto.repo.listRecords({
          repo: did,
          collection: 'app.bsky.feed.post',
          limit: 100,
          cursor,
          reverse: true,
        });
        records.push(
          ...data.records.map((record) => ({ ...record, rkey: record.uri.split('/').pop()!, value: record.value as PostRecord['value'] })),
        );
        cursor = data.records.length ? data.cursor : undefined;
      } while (cursor);
      return records;
    },
    stop: async () => {
      try {
        await network.close();
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  };
}

/** A server standing in for a broken PDS: answers every request with `respond`. */
export interface StubServer {
  url: string;
  requests: string[];
  stop(): Promise<void>;
}

export async function startStubServer(respond: (request: IncomingMessage, response: ServerResponse) => void): Promise<StubServer> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    respond(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Answers with an XRPC error body. */
export const xrpcError = (response: ServerResponse, status: number, error: string, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ error, message: `stub says ${error}` }));
};
