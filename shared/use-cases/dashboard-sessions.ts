import { createHash } from 'node:crypto';
import { clientAddressGroup } from '#shared/domain/client-address';
import { hashPassword, needsRehash, verifyAgainstDecoy, verifyPassword } from '#shared/domain/passwords';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getAccount, type Account } from '#shared/store/accounts';
import { clearAttempts, recordFailure, releaseAttempt, reserveAttempt, type Reservation } from '#shared/store/login-attempts';
import { getOwnerLogin, replaceOutdatedHash } from '#shared/store/owner-logins';
import { csrfTokenFor, deleteSession, hashSessionId, newSessionId, putSession } from '#shared/store/sessions';
import { normaliseEmail } from './dashboard-owner-logins';

/**
 * Signing in to the dashboard and out of it. A wrong password and an unknown email get the
 * same answer, after the same work (a decoy scrypt check), and count against the same limits.
 *
 * Failed sign-ins are counted per (email, client address) and per client address across
 * emails, never per email alone: ten failures for an email from one address lock that pair,
 * thirty failures from one address lock the address, each for 15 minutes; the owner signing
 * in from anywhere else is never locked out by a stranger (docs/api.md, "Dashboard";
 * docs/decisions/0036-sign-in-sessions-and-oauth-hardening.md).
 */
export const MAX_FAILURES_PER_EMAIL_AND_ADDRESS = 10;
export const MAX_FAILURES_PER_ADDRESS = 30;

/** Counter keys are hashes, so a counter item holds neither the email nor the address. */
const counterHash = (text: string): string => createHash('sha256').update(text, 'utf8').digest('base64url');

const tooManyFailures = (seconds: number) =>
  new DomainError(
    'RATE_LIMIT_EXCEEDED',
    { retry_after: seconds },
    { message: `Too many failed sign-ins. Try again in ${seconds} seconds`, retryAfterSeconds: seconds },
  );
export interface AccountView {
  id: string;
  name: string;
  email: string | null;
  plan: Account['plan'];
}

export interface SessionView {
  account: AccountView;
  csrf_token: string;
}

const wrongCredentials = () => new DomainError('INVALID_CREDENTIALS', {}, { message: 'Wrong email or password' });

const accountView = (account: Account): AccountView => ({
  id: account.id,
  name: account.name,
  email: account.owner_email ?? null,
  plan: account.plan,
});

/** Checks email and password from a client address; on success a new session (its id goes in the cookie only). */
export async function signIn(
  rawEmail: string,
  password: string,
  clientAddress: string | undefined,
): Promise<SessionView & { sessionId: string }> {
  const email = normaliseEmail(rawEmail);
  const address = clientAddressGroup(clientAddress);
  const addressCounter = counterHash(`login-address:${address}`);
  const pairCounter = counterHash(`login:${email}|${address}`);
  const now = clock.now();
  const refused = (reservation: Reservation & { allowed: false }, what: string) => {
    logger.warn(`sign-in refused: ${what} locked`, { retry_after: reservation.retryAfterSeconds });
    return tooManyFailures(reservation.retryAfterSeconds);
  };
  const byAddress = await reserveAttempt(addressCounter, MAX_FAILURES_PER_ADDRESS, now);
  if (!byAddress.allowed) throw refused(byAddress, 'address');
  const byPair = await reserveAttempt(pairCounter, MAX_FAILURES_PER_EMAIL_AND_ADDRESS, now);
  if (!byPair.allowed) {
    await releaseAttempt(addressCounter); // no password was checked: not a guess
    throw refused(byPair, 'email from this address');
  }
  const login = await getOwnerLogin(email);
  const valid = login ? await verifyPassword(password, login.password_hash) : await verifyAgainstDecoy(password);
  const account = valid && login ? await getAccount(login.account_id) : undefined;
  if (!account || !login) {
    await recordFailure(pairCounter, byPair.failures, MAX_FAILURES_PER_EMAIL_AND_ADDRESS, now);
    await recordFailure(addressCounter, byAddress.failures, MAX_FAILURES_PER_ADDRESS, now);
    throw wrongCredentials();
  }
  await Promise.all([clearAttempts(pairCounter), releaseAttempt(addressCounter)]);
  // A hash made at an older cost is rewritten now, while the password is at hand.
  if (needsRehash(login.password_hash)) {
    const rewritten = await replaceOutdatedHash(email, login.password_hash, await hashPassword(password));
    logger.info('owner password rehashed at the current cost', { account_id: account.id, rewritten });
  }
  const sessionId = newSessionId();
  await putSession(hashSessionId(sessionId), account.id, now);
  return { sessionId, account: accountView(account), csrf_token: csrfTokenFor(sessionId) };
}

/** Ends the session (by the stored hash; the id itself is never passed around). */
export async function signOut(sessionHash: string): Promise<void> {
  await deleteSession(sessionHash);
}

/** Who is signed in, with the session's CSRF token. */
export async function describeSession(accountId: string, csrfToken: string): Promise<SessionView> {
  const account = await getAccount(accountId);
  if (!account) throw new DomainError('FORBIDDEN', {}, { message: 'The account of this session no longer exists' });
  return { account: accountView(account), csrf_token: csrfToken };
}
