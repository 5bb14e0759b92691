import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Owner passwords (the dashboard sign-in): scrypt with a per-user random salt, stored as
 * `scrypt$N$r$p$salt$hash`. Cost N=2^17, r=8, p=1 (128 MiB per hash), OWASP's current
 * recommendation for scrypt. A hash stored at another cost still verifies, and a successful
 * sign-in rewrites it at this one (`needsRehash`; docs/decisions/0036-sign-in-sessions-and-oauth-hardening.md).
 */
export const MIN_PASSWORD_LENGTH = 12;
/** scrypt reads the whole password; a ceiling keeps a huge body from costing more than a guess. */
export const MAX_PASSWORD_LENGTH = 256;

/** OWASP's scrypt figures: what the service hashes with. */
export const OWASP_SCRYPT_COST = { N: 2 ** 17, r: 8, p: 1 } as const;
let COST: { N: number; r: number; p: number } = OWASP_SCRYPT_COST;

/**
 * The cost new hashes get (and that `needsRehash` compares with). Only the test suite lowers it, in
 * its setup file: the suite signs in hundreds of times, and 128 MiB of scrypt each would be a third
 * of its CPU. The tests of the cost itself put OWASP's figures back. Nothing in the service calls it.
 */
export function usePasswordCost(cost: { N: number; r: number; p: number } = OWASP_SCRYPT_COST): void {
  COST = cost;
}
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/**
 * Node refuses scrypt above 32 MiB by default; N=2^17, r=8 needs 128 MiB plus a little. The
 * ceiling also bounds what a stored hash's own parameters may ask for (a larger one fails).
 */
const MAX_MEMORY = 160 * 1024 * 1024;

const derive = (password: string, salt: Buffer, cost: { N: number; r: number; p: number }, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const options: ScryptOptions = { ...cost, maxmem: MAX_MEMORY };
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

/** Why a password is refused, or undefined when it is acceptable. Length counts characters (code points). */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long`;
  if (length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long`;
  return undefined;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, COST, KEY_LENGTH);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

interface ParsedHash {
  cost: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (scheme !== 'scrypt' || !Object.values(cost).every((value) => Number.isInteger(value) && value > 0) || !salt || !hash)
    return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** True when the password matches the stored hash; the comparison takes the same time whatever differs. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const candidate = await derive(password, parsed.salt, parsed.cost, parsed.hash.length);
  return timingSafeEqual(candidate, parsed.hash);
}

/**
 * True when a stored hash was made at another cost than today's (or another key length): the
 * caller rewrites it after the password has been verified, never before.
 */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.cost;
  return N !== COST.N || r !== COST.r || p !== COST.p || parsed.hash.length !== KEY_LENGTH;
}

// A hash of nothing anyone knows: checking a password against it for an unknown email takes
// as long as a real check, so response times do not tell which emails have a login.
let decoy: Promise<string> | undefined;

/** Spends the time of one verification and answers false (unknown email). */
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(password, await decoy);
  return false;
}
