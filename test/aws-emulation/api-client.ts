import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PROJECT_ROOT } from './deployment';

export interface ApiResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A client of the deployed API, as the README's curl lines call it. */
export function apiClient(baseUrl: string) {
  return async (
    method: string,
    path: string,
    options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.key) headers['x-api-key'] = options.key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
    });
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
}

/**
 * The README's operator step against AWS: `TABLE_NAME=… npm run -s admin -- <args>`, on this
 * machine's Node.js with an operator's credentials, its AWS calls going to the local endpoint.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function adminCommand(environment: Record<string, string>, args: string[]): Promise<any> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', join(PROJECT_ROOT, 'local', 'admin.ts'), ...args], {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH ?? '', TMPDIR: process.env.TMPDIR ?? '/tmp', LOG_LEVEL: 'SILENT', ...environment },
  });
  return JSON.parse(stdout);
}
