import { secretBox } from '#shared/ports/registry';
import { type SecretContext } from '#shared/ports/secret-box';

/**
 * What a LinkedIn profile keeps sealed in its `credentials`: the access token and its
 * expiry (LinkedIn grants no refresh token to ordinary apps; after 60 days the member
 * reconnects). Sealed with the account and profile ids, so it opens on that profile only.
 */
export interface LinkedInCredentials {
  access_token: string;
  /** ISO 8601. */
  expires_at: string;
}

export async function sealLinkedInCredentials(credentials: LinkedInCredentials, context: SecretContext): Promise<string> {
  const box = await secretBox();
  return box.seal(JSON.stringify({ access_token: credentials.access_token, expires_at: credentials.expires_at }), context);
}

/** Opens sealed credentials; throws when they do not open or are not LinkedIn credentials. */
export async function openLinkedInCredentials(sealed: string, context: SecretContext): Promise<LinkedInCredentials> {
  const box = await secretBox();
  const parsed = JSON.parse(await box.open(sealed, context)) as Partial<LinkedInCredentials>;
  if (typeof parsed.access_token !== 'string' || typeof parsed.expires_at !== 'string') {
    throw new Error('sealed LinkedIn credentials have an unexpected shape');
  }
  return { access_token: parsed.access_token, expires_at: parsed.expires_at };
}
