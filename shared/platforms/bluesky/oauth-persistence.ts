/**
 * What the atproto OAuth client keeps between requests, as the Bluesky adapter needs it: the
 * pending authorizations (the library's state: PKCE verifier and DPoP key), each profile's session
 * (DPoP key and tokens) and a lock per session. The values arrive here already sealed by the secret
 * box; the store only keeps them. Platform code writes nothing to the store itself (the layers,
 * docs/decisions/0028-the-house-layers-composition-roots-rules-in-ci.md): the composition roots hand
 * the DynamoDB implementation (shared/store/bluesky-oauth-*.ts) in through `provideBlueskyOAuthPersistence`
 * (docs/decisions/0292-bluesky-oauth-sessions-in-the-table-under-a-lock.md).
 */
export interface PendingAuthorizationRecord {
  /** The secret box's ciphertext of the library's state data. */
  sealed: string;
  /** Whose authorization it is (the callback learns the account from here). */
  accountId: string;
  /** Our own state's hash (the browser-bound one, shared/store/oauth-states.ts). */
  appState: string | undefined;
}

export interface BlueskyOAuthPersistence {
  getPendingAuthorization(key: string): Promise<PendingAuthorizationRecord | undefined>;
  putPendingAuthorization(key: string, record: PendingAuthorizationRecord, expiresAt: Date): Promise<void>;
  deletePendingAuthorization(key: string): Promise<void>;
  getSession(accountId: string, did: string): Promise<string | undefined>;
  putSession(accountId: string, did: string, sealed: string): Promise<void>;
  deleteSession(accountId: string, did: string): Promise<void>;
  /** Runs `work` while holding the named lock, across every process that shares the table. */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
}

type Provider = () => BlueskyOAuthPersistence | Promise<BlueskyOAuthPersistence>;
let provider: Provider | undefined;
let instance: Promise<BlueskyOAuthPersistence> | undefined;

/** Called by each composition root (shared/wiring/aws.ts, local/wiring.ts), and by tests that replace it. */
export function provideBlueskyOAuthPersistence(next: Provider): void {
  provider = next;
  instance = undefined;
}

export function blueskyOAuthPersistence(): Promise<BlueskyOAuthPersistence> {
  if (!provider) {
    return Promise.reject(new Error('Bluesky OAuth persistence is not wired: shared/wiring/aws.ts or local/wiring.ts provides it'));
  }
  const made = (instance ??= Promise.resolve().then(provider));
  made.catch(() => {
    if (instance === made) instance = undefined;
  });
  return made;
}
