import { config } from '#shared/config';
import type { AuditActor } from '#shared/domain/audit';
import { profileConnected } from './profiles';
import { newId } from '#shared/domain/ids';
import { DomainError } from '#shared/domain/errors';
import { logger } from '#shared/logger';
import { sealCredentials } from '#shared/platforms/bluesky/credentials';
import { pdsAddressRefusal } from '#shared/platforms/bluesky/errors';
import { BlueskySignInError, signIn, type SignedIn } from '#shared/platforms/bluesky/sign-in';
import { clock } from '#shared/ports/clock';
import { isPublicHttpsUrl } from '#shared/http-client/outbound-url';
import { type Profile } from '#shared/domain/profile';
import { createProfileItem, getProfileItem, toProfile, type ProfileItem } from '#shared/store/profiles';

/**
 * Connects the account's Bluesky profile with a handle and an app password: the password is
 * checked by logging in, and kept (with the session) only sealed. One Bluesky profile per
 * account, guaranteed by the conditional put; the read before the login only spares one.
 */
export interface ConnectBlueskyInput {
  handle: string;
  appPassword: string;
  service?: string;
}

const APP_PASSWORD = /^[a-z0-9]{4}(-[a-z0-9]{4}){3}$/;
const HANDLE = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
const APP_PASSWORD_HELP =
  'Create an app password in Bluesky (Settings > Privacy and security > App passwords) and send it in the form xxxx-xxxx-xxxx-xxxx; never send your main account password';

export async function connectBluesky(accountId: string, input: ConnectBlueskyInput, actor: AuditActor): Promise<Profile> {
  const handle = normaliseHandle(input.handle);
  const appPassword = input.appPassword.trim();
  if (!APP_PASSWORD.test(appPassword)) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'app_password' },
      { message: `app_password is not an app password. ${APP_PASSWORD_HELP}` },
    );
  }
  const service = normaliseService(input.service ?? config.bluesky.serviceUrl);
  // The setting is the operator's; a client-supplied PDS must be a public https address (SSRF).
  if (input.service !== undefined && !config.local && !isPublicHttpsUrl(new URL(service))) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'service' },
      { message: 'service must be the public https URL of a Bluesky PDS, such as https://bsky.social' },
    );
  }
  if (await getProfileItem(accountId, 'bluesky')) throw new DomainError('PROFILE_ALREADY_EXISTS');

  const signedIn = await signInOrExplain(service, handle, appPassword);
  const item: ProfileItem = {
    id: newId(),
    account_id: accountId,
    platform: 'bluesky',
    handle: signedIn.session.handle,
    display_name: signedIn.displayName,
    platform_user_id: signedIn.session.did,
    connected_at: clock.now().toISOString(),
    expires_at: null,
    needs_reconnect: false,
    service,
    credentials: '',
  };
  item.credentials = await sealCredentials({ app_password: appPassword, session: signedIn.session }, { accountId, profileId: item.id });
  try {
    await createProfileItem(item, profileConnected(actor, item));
  } catch (error) {
    await signedIn.discard();
    throw error;
  }
  logger.info('bluesky profile connected', { profile_id: item.id, platform_user_id: item.platform_user_id });
  return toProfile(item);
}

/** `@Alice.bsky.social ` → `alice.bsky.social`; INVALID_FIELD when it cannot be a handle. */
export function normaliseHandle(raw: string): string {
  const handle = raw.trim().replace(/^@/, '').toLowerCase();
  if (handle.length > 253 || !HANDLE.test(handle)) {
    throw new DomainError('INVALID_FIELD', { field: 'handle' }, { message: 'handle must be a Bluesky handle, such as alice.bsky.social' });
  }
  return handle;
}

function normaliseService(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    url = new URL('invalid:');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw new DomainError(
      'INVALID_FIELD',
      { field: 'service' },
      { message: 'service must be the http(s) URL of a Bluesky PDS, such as https://bsky.social' },
    );
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

async function signInOrExplain(service: string, handle: string, appPassword: string): Promise<SignedIn> {
  try {
    return await signIn(service, handle, appPassword);
  } catch (error) {
    if (!(error instanceof BlueskySignInError)) throw error;
    switch (error.kind) {
      case 'auth':
        throw new DomainError('INVALID_CREDENTIALS');
      case 'main-password':
        throw new DomainError(
          'INVALID_FIELD',
          { field: 'app_password' },
          { message: `This is the account's main password. ${APP_PASSWORD_HELP}` },
        );
      case 'forbidden':
        // The address, or the one the account's DID document names, is internal: nothing more was sent there.
        throw new DomainError(
          'INVALID_FIELD',
          { field: 'service' },
          {
            message:
              pdsAddressRefusal(error.cause)?.source === 'did-document'
                ? "The PDS named by the account's DID document is not a public https address"
                : 'service must be the public https URL of a Bluesky PDS, such as https://bsky.social',
          },
        );
      case 'not-a-pds':
        throw new DomainError(
          'INVALID_FIELD',
          { field: 'service' },
          { message: `${service} does not answer as a Bluesky (AT Protocol) server` },
        );
      case 'unavailable':
      default:
        throw Object.assign(new DomainError('SERVICE_UNAVAILABLE'), { cause: error.cause });
    }
  }
}
