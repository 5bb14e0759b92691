import type { Platform } from './platforms';
import type { ProfileAuthor } from './profile-author';

/** How a Bluesky profile was connected (docs/api.md, "Connecting Bluesky with OAuth"): an app password, or atproto OAuth. */
export type BlueskyAuth = 'app_password' | 'oauth';

/** A connected profile's public fields (docs/api.md, "Profiles"). */
export interface Profile {
  id: string;
  platform: Platform;
  handle: string;
  display_name: string | null;
  platform_user_id: string;
  connected_at: string;
  /** LinkedIn access-token expiry; null for Bluesky. */
  expires_at: string | null;
  needs_reconnect: boolean;
  /** Who posts appear as (docs/api.md, "LinkedIn pages"); null while a LinkedIn page is still to be picked. */
  author: ProfileAuthor | null;
  /** Bluesky profiles only: how it was connected. */
  auth?: BlueskyAuth;
}

/**
 * A connected profile as a platform adapter works with it: the public fields (its author
 * resolved), whose account it is, and what reaching the platform takes. The store maps its items
 * to this (shared/store/profiles.ts, toPlatformProfile), so platform code never sees a store row.
 */
export interface PlatformProfile extends Profile {
  account_id: string;
  /** The platform credentials (app password and session, or token), sealed by the secret box; only the adapter opens them. */
  credentials: string;
  /** Bluesky: the PDS the profile was connected through. */
  service?: string;
}
