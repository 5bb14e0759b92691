import { verifyAgainstDecoy, verifyPassword } from '#shared/domain/passwords';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getAccount, type Account } from '#shared/store/accounts';
import { clearAttempts, recordFailure, reserveAttempt } from '#shared/store/login-attempts';
import { getOwnerLogin } from '#shared/store/owner-logins';
import { csrfTokenFor, deleteSession, hashSessionId, newSessionId, putSession } from '#shared/store/sessions';
import { emailHash, normaliseEmail } from './dashboard-owner-logins';

/**
 * Signing in to the dashboard and out of it. A wrong password and an unknown email get the
 * same answer, after the same work (a decoy scrypt check), and count against the same lock.
 */
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

/** Checks email and password; on success a new session (its id goes in the cookie only). */
export async function signIn(rawEmail: string, password: string): Promise<SessionView & { sessionId: string }> {
  const email = normaliseEmail(rawEmail);
  const counter = emailHash(email);
  const now = clock.now();
  const reservation = await reserveAttempt(counter, now);
  if (!reservation.allowed) {
    const seconds = reservation.retryAfterSeconds;
    logger.warn('sign-in refused: email locked', { retry_after: seconds });
    throw new DomainError(
      'RATE_LIMIT_EXCEEDED',
      { retry_after: seconds },
      {
        message: `Too many failed sign-ins for this email. Try again in ${seconds} seconds`,
        retryAfterSeconds: seconds,
      },
    );
  }
  const login = await getOwnerLogin(email);
  const valid = login ? await verifyPassword(password, login.password_hash) : await verifyAgainstDecoy(password);
  const account = valid && login ? await getAccount(login.account_id) : undefined;
  if (!account) {
    await recordFailure(counter, reservation.failures, now);
    throw wrongCredentials();
  }
  await clearAttempts(counter);
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
