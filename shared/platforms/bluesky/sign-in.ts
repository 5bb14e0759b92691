import type { Agent } from '@atproto/api';
import { checkPdsEndpoint, createAgent, jwtClaims, toTokens, type SessionTokens } from './agent';
import { failureKind, type FailureKind } from './errors';

/**
 * Checks an app password by logging in, for connecting a profile. A session whose token
 * has full account scope means the user gave the main password in the app-password format:
 * refused, so the service never holds a main password.
 */
export interface SignedIn {
  session: SessionTokens;
  displayName: string | null;
  /** Ends the session on the PDS (when the profile could not be stored after all). */
  discard(): Promise<void>;
}

export type SignInFailure = Exclude<FailureKind, 'rejected'> | 'main-password';

export class BlueskySignInError extends Error {
  constructor(
    readonly kind: SignInFailure,
    options?: { cause?: unknown },
  ) {
    super(`Bluesky sign-in failed: ${kind}`, options);
    this.name = 'BlueskySignInError';
  }
}

const MAIN_PASSWORD_SCOPE = 'com.atproto.access';

export async function signIn(service: string, identifier: string, appPassword: string): Promise<SignedIn> {
  const agent = createAgent(service);
  try {
    await agent.login({ identifier, password: appPassword });
  } catch (error) {
    const kind = failureKind(error);
    // Any other refusal of a login (400 for a malformed identifier, a taken-down account) is a credentials problem too.
    throw new BlueskySignInError(kind === 'rejected' ? 'auth' : kind, { cause: error });
  }
  const session = toTokens(agent.session!);
  const discard = async () => agent.logout().catch(() => undefined);
  try {
    await checkPdsEndpoint(agent);
  } catch (error) {
    await discard();
    throw new BlueskySignInError(failureKind(error) === 'forbidden' ? 'forbidden' : 'unavailable', { cause: error });
  }
  if (jwtClaims(session.accessJwt).scope === MAIN_PASSWORD_SCOPE) {
    await discard();
    throw new BlueskySignInError('main-password');
  }
  return { session, displayName: await readDisplayName(agent, session.did), discard };
}

/**
 * The profile's display name from its app.bsky.actor.profile record, read from the repo
 * itself (com.atproto), which needs no AppView. Optional: any failure gives null.
 */
export async function readDisplayName(agent: Agent, did: string): Promise<string | null> {
  try {
    const { data } = await agent.com.atproto.repo.getRecord({ repo: did, collection: 'app.bsky.actor.profile', rkey: 'self' });
    const name = (data.value as { displayName?: unknown }).displayName;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  } catch {
    return null;
  }
}
