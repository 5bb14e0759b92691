import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DeleteTableCommand } from '@aws-sdk/client-dynamodb';
import { localClient } from '../../local/dynamodb-local';
import { ensureTable } from '../../local/local-table';
import type { PostScheduler } from '#shared/ports/scheduler';

/**
 * Per test file: a fresh table on the shared DynamoDB Local, settings in the environment
 * (before any service module loads, as in Lambda), and a temp DATA_DIR removed afterwards.
 * Call `useTestTable` at the top of a file, before importing service modules dynamically.
 */
export interface TestTable {
  tableName: string;
  endpoint: string;
  dataDir: string;
  drop(): Promise<void>;
}

export async function useTestTable(env: Record<string, string> = {}): Promise<TestTable> {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: run the tests through jest (global setup)');
  const tableName = `test-${randomUUID()}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-test-'));
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    DATA_DIR: dataDir,
    // Quiet by default; TEST_LOG_LEVEL=INFO shows the service's logs while debugging a test.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'SILENT',
    // One DynamoDB Local serves four workers on a 2-core machine: 50 concurrent creations can take
    // longer than the 4 s request deadline a real store never comes near. Tests of the deadline
    // itself set their own ('' = the service's default).
    REQUEST_DEADLINE_MS: '20000',
    ...env,
  });
  await ensureTable(endpoint, tableName);
  // Outbound requests to user-given addresses (link cards) never leave the machine in tests.
  const { offlineResolver, useNameResolver } = await import('#shared/ports/name-resolver');
  useNameResolver(offlineResolver());
  return {
    tableName,
    endpoint,
    dataDir,
    drop: async () => {
      const client = localClient(endpoint);
      await client.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
      client.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestService extends TestTable {
  baseUrl: string;
  /** Calls the service; `key` becomes the x-api-key header, a `body` object is sent as JSON. */
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  createAccount(input?: { plan?: 'free' | 'pro'; monthlyLimit?: number }): Promise<{ accountId: string; apiKey: string }>;
  /** Stores a profile item straight through the repository (no platform involved). */
  connectProfile(accountId: string, platform: 'linkedin' | 'bluesky'): Promise<void>;
  stop(): Promise<void>;
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Starts the whole local service (HTTP server + handlers) on a free port against a fresh table. */
export async function startTestService(
  env: Record<string, string> = {},
  options: { scheduler?: PostScheduler } = {},
): Promise<TestService> {
  const table = await useTestTable(env);
  const { startLocalStack } = await import('../../local/local-stack');
  const stack = await startLocalStack({
    dataDir: table.dataDir,
    port: 0,
    tableName: table.tableName,
    dynamoEndpoint: table.endpoint,
    createDemoAccount: false,
    scheduler: options.scheduler,
  });
  const call = async (method: string, path: string, options: CallOptions = {}): Promise<CallResult> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key !== undefined) headers['x-api-key'] = options.key;
    let body: string | undefined = options.rawBody;
    if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${stack.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  return {
    ...table,
    baseUrl: stack.baseUrl,
    call,
    createAccount: async (input = {}) => {
      const { createAccount } = await import('#shared/use-cases/accounts');
      const { account, apiKey } = await createAccount({ name: 'Test account', plan: input.plan, monthlyLimit: input.monthlyLimit });
      return { accountId: account.id, apiKey };
    },
    connectProfile: async (accountId, platform) => {
      const { createProfileItem } = await import('#shared/store/profiles');
      await createProfileItem({
        id: randomUUID(),
        account_id: accountId,
        platform,
        handle: platform === 'bluesky' ? 'someone.test' : 'Someone',
        display_name: null,
        platform_user_id: platform === 'bluesky' ? 'did:plc:test' : 'urn:li:person:test',
        connected_at: new Date().toISOString(),
        expires_at: null,
        needs_reconnect: false,
        credentials: 'not-used-by-these-tests',
      });
    },
    stop: async () => {
      await stack.stop();
      await table.drop();
    },
  };
}
