import type { Platform } from './platforms';

/**
 * Who a profile's posts appear as (docs/api.md, "LinkedIn pages"): the member who connected, or a
 * LinkedIn organization page that member administers. A LinkedIn profile connected for a page has
 * no author (`null`) until one is picked; until then it is not connected for posting.
 */
export const AUTHOR_CHOICES = ['member', 'organization'] as const;
export type AuthorChoice = (typeof AUTHOR_CHOICES)[number];

export interface ProfileAuthor {
  type: AuthorChoice;
  /** The member's id (LinkedIn `sub`, Bluesky DID) or the organization's numeric id. */
  id: string;
  /** As the platform names it; null when it gives no name. */
  name: string | null;
}

/** The stored fields an author is derived from (a profile item, before or after a page was picked). */
export interface AuthorSource {
  platform: Platform;
  handle: string;
  display_name?: string | null;
  platform_user_id: string;
  /** Stored only for page connections: null until picked, then the organization. */
  author?: ProfileAuthor | null;
}

const PERSON_URN_PREFIX = 'urn:li:person:';
export const ORGANIZATION_URN_PREFIX = 'urn:li:organization:';

/** An organization id as LinkedIn gives it: decimal digits. */
export const ORGANIZATION_ID_PATTERN = /^[0-9]{1,19}$/;

/** The profile's author; profiles stored without one (member connections, Bluesky) post as their member. */
export function profileAuthor(source: AuthorSource): ProfileAuthor | null {
  return source.author !== undefined ? source.author : memberAuthor(source);
}

/** The member who connected the profile, as an author. */
export function memberAuthor(source: AuthorSource): ProfileAuthor {
  const id = source.platform_user_id.startsWith(PERSON_URN_PREFIX)
    ? source.platform_user_id.slice(PERSON_URN_PREFIX.length)
    : source.platform_user_id;
  return { type: 'member', id, name: source.display_name ?? source.handle };
}

/** Whether the profile was connected to post as a page (its author is, or will be, an organization). */
export const connectedForPage = (source: AuthorSource): boolean => source.author !== undefined && source.author?.type !== 'member';

/**
 * Whether a profile counts as connected for posting (PLATFORMS_NOT_CONNECTED otherwise): it
 * exists and has an author (a page connection has one once its page is picked).
 */
export const isConnectedProfile = (source: AuthorSource | undefined): boolean => source !== undefined && profileAuthor(source) !== null;

/** The organization id of an `urn:li:organization:{id}`, or undefined for anything else. */
export function organizationIdOf(urn: string): string | undefined {
  if (!urn.startsWith(ORGANIZATION_URN_PREFIX)) return undefined;
  const id = urn.slice(ORGANIZATION_URN_PREFIX.length);
  return ORGANIZATION_ID_PATTERN.test(id) ? id : undefined;
}
