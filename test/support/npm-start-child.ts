import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildService } from './child-service';

/**
 * `npm start` (local/start.ts) as a child process on a free port and a fresh DATA_DIR, with its
 * own DynamoDB Local: the service exactly as a user runs it, reached over HTTP only. One per test file.
 */
export interface NpmStartChild {
  baseUrl: string;
  /** The demo account's key printed on first start (scope admin). */
  demoKey: string;
  /** Everything the child printed so far (its JSON log lines included). */
  output(): string;
  stop(): Promise<number | null>;
}

export async function startNpmStart(settings: Record<string, string> = {}): Promise<NpmStartChild> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-npm-start-'));
  try {
    const child = await startChildService({
      script: 'local/start.ts',
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'WARN', ...settings },
      unset: ['DYNAMODB_ENDPOINT', 'TABLE_NAME'],
      // The demo key is printed just after the address, on a first start.
      ready: /^(?=[\s\S]*listening on http:\/\/127\.0\.0\.1:\d+)(?=[\s\S]*api key: sk_[A-Za-z0-9_-]{43})/,
      readyTimeoutMs: 60_000,
    });
    return {
      baseUrl: child.baseUrl,
      demoKey: /api key: (sk_[A-Za-z0-9_-]{43})/.exec(child.output())![1],
      output: child.output,
      stop: async () => {
        const code = await child.stop();
        rmSync(dataDir, { recursive: true, force: true });
        return code;
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
