import { secretBox } from '#shared/ports/registry';
import type { SessionTokens } from './agent';

/**
 * What a Bluesky profile keeps sealed in its `credentials` attribute: the app password (to
 * log in again when a refresh fails) and the current session. Sealed with the secret box,
 * bound to the account and profile, so the plaintext never reaches the table.
 */
export interface BlueskyCredentials {
  app_password: string;
  session: SessionTokens;
}

export interface CredentialOwner {
  accountId: string;
  profileId: string;
}

const context = (owner: CredentialOwner) => ({ account_id: owner.accountId, profile_id: owner.profileId });

export async function sealCredentials(credentials: BlueskyCredentials, owner: CredentialOwner): Promise<string> {
  return (await secretBox()).seal(JSON.stringify(credentials), context(owner));
}

export async function openCredentials(sealed: string, owner: CredentialOwner): Promise<BlueskyCredentials> {
  return JSON.parse(await (await secretBox()).open(sealed, context(owner))) as BlueskyCredentials;
}
