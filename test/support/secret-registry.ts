import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The suite-wide secret grep. Every test worker tees what it writes to stdout and stderr into
 * a log file under one folder per run (test/support/log-sink.ts); tests register the secrets
 * they create here (API keys, app passwords, tokens); the global teardown greps every log for
 * every secret, and for anything shaped like an API key, and fails the run on a hit.
 * jest.config.js creates the folder (SPS_SECRET_SCAN_DIR) in the process that starts the workers.
 */
export const SECRET_SCAN_DIR_ENV = 'SPS_SECRET_SCAN_DIR';
const SECRETS_FILE = 'secrets.jsonl';
export const LOG_FILE_SUFFIX = '.log';

/** Any API key value (`sk_` + 43 base64url characters): none may ever reach a log, registered or not. */
const API_KEY_SHAPE = /sk_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;

export const secretScanDir = (): string | undefined => process.env[SECRET_SCAN_DIR_ENV] || undefined;

/** Records a secret the suite must never find in a log. Values under 8 characters would match by chance. */
export function registerSecret(value: string): void {
  if (value.length < 8) throw new Error('registerSecret: a value this short cannot be grepped for without false alarms');
  const dir = secretScanDir();
  if (!dir || !existsSync(dir)) return;
  appendFileSync(join(dir, SECRETS_FILE), `${JSON.stringify(value)}\n`);
}

export interface Leak {
  file: string;
  line: number;
  /** What leaked, shortened so the report does not leak it again. */
  what: string;
}

const redact = (secret: string) => `${secret.slice(0, 6)}… (${secret.length} characters)`;

/** Every registered secret, or API-key-shaped value, found in the run's log files. */
export function findLeaks(dir: string): Leak[] {
  if (!existsSync(dir)) return [];
  const secretsPath = join(dir, SECRETS_FILE);
  const secrets = existsSync(secretsPath)
    ? [
        ...new Set(
          readFileSync(secretsPath, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line) as string),
        ),
      ]
    : [];
  const leaks: Leak[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith(LOG_FILE_SUFFIX))) {
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .forEach((text, index) => {
        for (const secret of secrets)
          if (text.includes(secret)) leaks.push({ file, line: index + 1, what: `registered secret ${redact(secret)}` });
        const keyShaped = API_KEY_SHAPE.exec(text);
        if (keyShaped) leaks.push({ file, line: index + 1, what: `API key ${redact(keyShaped[0])}` });
      });
  }
  return leaks;
}
