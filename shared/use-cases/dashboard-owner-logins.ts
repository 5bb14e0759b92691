import { hashPassword, passwordProblem } from '#shared/domain/passwords';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import { getAccount } from '#shared/store/accounts';
import { createOwnerLogin, getOwnerLogin, OwnerLoginConflict, updatePasswordHash } from '#shared/store/owner-logins';
import { deleteAccountSessions } from '#shared/store/sessions';

/**
 * The owner's login of an account (email + password), set by operators with the admin
 * command. Emails are compared trimmed and lowercased; one login per account, one account
 * per email.
 */
const MAX_EMAIL_LENGTH = 254;
// Deliberately loose: something@something.tld. The owner proves it by signing in, not by its form.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const normaliseEmail = (raw: string): string => raw.trim().toLowerCase();

/** The normalised email, or INVALID_FIELD (field email). */
export function checkEmail(raw: string): string {
  const email = normaliseEmail(raw);
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL.test(email)) {
    throw new DomainError('INVALID_FIELD', { field: 'email' }, { message: 'email must be an email address, such as owner@example.com' });
  }
  return email;
}

function checkPassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new DomainError('INVALID_FIELD', { field: 'password' }, { message: problem });
}

/** Checks a login could be created (valid email not yet taken, acceptable password). */
export async function checkLoginAvailable(rawEmail: string, password: string): Promise<void> {
  const email = checkEmail(rawEmail);
  checkPassword(password);
  if (await getOwnerLogin(email))
    throw new DomainError('INVALID_FIELD', { field: 'email' }, { message: 'This email is already the login of another account' });
}

/** Gives an account its owner login. */
export async function setOwnerLogin(accountId: string, rawEmail: string, password: string): Promise<{ email: string }> {
  const email = checkEmail(rawEmail);
  checkPassword(password);
  const now = clock.now().toISOString();
  try {
    await createOwnerLogin({
      email,
      account_id: accountId,
      password_hash: await hashPassword(password),
      created_at: now,
      password_changed_at: now,
    });
  } catch (error) {
    if (!(error instanceof OwnerLoginConflict)) throw error;
    const messages = {
      'email-taken': 'This email is already the login of another account',
      'account-has-login': 'This account already has a login; change its password instead',
      'no-account': 'No such account',
    };
    throw new DomainError(
      'INVALID_FIELD',
      { field: error.reason === 'no-account' ? 'account' : 'email' },
      { message: messages[error.reason] },
    );
  }
  logger.info('owner login set', { account_id: accountId });
  return { email };
}

/** Replaces the owner's password and ends every session of the account. */
export async function changeOwnerPassword(accountId: string, password: string): Promise<{ email: string; sessions_ended: number }> {
  checkPassword(password);
  const account = await getAccount(accountId);
  if (!account?.owner_email) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'account' },
      { message: 'This account has no login yet; create one with an email first' },
    );
  }
  const changed = await updatePasswordHash(account.owner_email, accountId, await hashPassword(password), clock.now().toISOString());
  if (!changed) throw new Error(`The login ${account.owner_email} does not belong to account ${accountId}`);
  const ended = await deleteAccountSessions(accountId);
  logger.info('owner password changed', { account_id: accountId, sessions_ended: ended });
  return { email: account.owner_email, sessions_ended: ended };
}
