import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Where a secret is compared, the comparison must not leak timing: API keys and OAuth states
 * are looked up by their SHA-256 (the store compares digests, never the secrets), dashboard
 * sessions by hash too, CSRF tokens and passwords with timingSafeEqual (docs/runbook.md,
 * "Where secrets are compared"). This reads the source: any `===` / `!==` with an operand named
 * like a secret fails, unless it is listed below with the reason it is safe. Simple on purpose:
 * a grep, not a data-flow analysis; `typeof x === '...'` and comparisons with literals pass.
 */
const ROOT = join(__dirname, '..', '..');
const SECRET_NAME = /(secret|password|passwd|token|hash|csrf|jwt|signature|api_?key|session_?id)$/i;

/** `file: left op right` → why it is fine. */
const ALLOWED: Record<string, string> = {
  'shared/http/idempotency.ts: existing.request_hash === hash':
    'a digest of the request body, compared for a caller who already holds the account and the idempotency key',
  'shared/http/idempotency.ts: legacy.request_hash === legacyRequestHash':
    'a digest of the request as records written before the namespaces were (docs/decisions/0161-idempotency-namespaces.md), compared for a caller who already holds the account and the idempotency key',
  'shared/http/batch-item-claims.ts: existing.request_hash !== requestHash':
    "a digest of one batch item's body, compared for a caller who already holds the account and the batch's idempotency key",
  'shared/store/idempotency-records.ts: existing.token === token':
    "the request's own random lock token, read back from the store to know its own earlier attempt; never sent by or to a client",
  'shared/use-cases/webhooks/secret-rotation.ts: now.secret === sealed':
    "two sealed values (ciphertexts), the stored one and this request's own, to know its own earlier write; no client input, nothing answered from it",
};

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|js)$/.test(name) ? [path] : [];
  });
}

const OPERAND = String.raw`[\w$.?!\[\]'"]+`;
const COMPARISON = new RegExp(String.raw`(typeof\s+)?(${OPERAND})\s*(===|!==)\s*(${OPERAND})`, 'g');
const isLiteral = (operand: string) => /^(['"`]|\d|null$|undefined$|true$|false$)/.test(operand);
const lastName = (operand: string) =>
  operand
    .replace(/[?!]/g, '')
    .split(/[.[\]'"]/)
    .filter(Boolean)
    .pop() ?? '';

function secretComparisons(file: string): string[] {
  const found: string[] = [];
  const text = readFileSync(file, 'utf8')
    .replace(/\/\/.*$/gm, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  for (const match of text.matchAll(COMPARISON)) {
    const [, typeOf, left, operator, right] = match;
    if (typeOf || isLiteral(left) || isLiteral(right)) continue;
    if (!SECRET_NAME.test(lastName(left)) && !SECRET_NAME.test(lastName(right))) continue;
    found.push(`${relative(ROOT, file)}: ${left} ${operator} ${right}`);
  }
  return found;
}

describe('secret comparisons in the source', () => {
  const files = ['shared', 'functions', 'local', 'dashboard'].flatMap((dir) => sourceFiles(join(ROOT, dir)));

  it('reads the service source', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('compares no secret with === or !== (outside the reviewed places)', () => {
    const found = files.flatMap(secretComparisons);
    expect(found.filter((comparison) => !(comparison in ALLOWED))).toEqual([]);
    // A reviewed place that disappeared leaves a stale exception: remove it.
    expect(Object.keys(ALLOWED).filter((comparison) => !found.includes(comparison))).toEqual([]);
  });

  it('catches what it is meant to catch', () => {
    const probe = (line: string) =>
      [...line.matchAll(COMPARISON)].filter(
        ([, typeOf, left, , right]) =>
          !typeOf && !isLiteral(left) && !isLiteral(right) && (SECRET_NAME.test(lastName(left)) || SECRET_NAME.test(lastName(right))),
      );
    expect(probe('if (sent === session.csrfToken) ok();')).toHaveLength(1);
    expect(probe('if (stored.password_hash !== hashOf(given)) fail();')).toHaveLength(1);
    expect(probe("if (typeof body.access_token !== 'string') fail();")).toHaveLength(0);
    expect(probe('if (token === undefined) return;')).toHaveLength(0);
  });

  it('hashes API keys and OAuth states before any lookup, and uses timingSafeEqual wherever scrypt is', () => {
    const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
    expect(read('shared/http/api-key-auth.ts')).toMatch(/countRequest\(hashApiKey\(value\), windowStart\)/);
    expect(read('shared/use-cases/linkedin-connection.ts')).toMatch(/consumeOAuthState\(hashState\(query\.state\)/);
    for (const file of files.filter((path) => /\bscrypt(Sync)?\(/.test(readFileSync(path, 'utf8')))) {
      expect({ file: relative(ROOT, file), timingSafeEqual: /timingSafeEqual\(/.test(readFileSync(file, 'utf8')) }).toEqual({
        file: relative(ROOT, file),
        timingSafeEqual: true,
      });
    }
  });
});
