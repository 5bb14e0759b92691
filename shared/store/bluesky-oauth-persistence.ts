import { withTableLock } from './bluesky-oauth-locks';
import { deleteBlueskyOAuthSession, getBlueskyOAuthSession, putBlueskyOAuthSession } from './bluesky-oauth-sessions';
import { deleteBlueskyPendingAuthorization, getBlueskyPendingAuthorization, putBlueskyPendingAuthorization } from './bluesky-oauth-states';

/**
 * The table behind the Bluesky OAuth client (the shape of BlueskyOAuthPersistence in
 * shared/platforms/bluesky/oauth-persistence.ts, which the composition roots check it against:
 * the store imports nothing from the platforms).
 */
export const blueskyOAuthTablePersistence = {
  getPendingAuthorization: (key: string) => getBlueskyPendingAuthorization(key),
  putPendingAuthorization: putBlueskyPendingAuthorization,
  deletePendingAuthorization: deleteBlueskyPendingAuthorization,
  getSession: getBlueskyOAuthSession,
  putSession: putBlueskyOAuthSession,
  deleteSession: deleteBlueskyOAuthSession,
  withLock: withTableLock,
};
