import type { Platform } from './platforms';
import type { ProfileAuthor } from './profile-author';

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
}
