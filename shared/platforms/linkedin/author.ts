import { ORGANIZATION_URN_PREFIX, profileAuthor, type AuthorSource } from '#shared/domain/profile-author';

/**
 * Who a LinkedIn call acts as (docs/api.md, "LinkedIn pages"): the profile's author as LinkedIn
 * knows it, `urn:li:person:{id}` for the member or `urn:li:organization:{id}` for a page. Posts
 * use it as `author`, image (and video) uploads as `owner`, comments as `actor`.
 */
export function linkedInAuthorUrn(profile: AuthorSource): string | undefined {
  const author = profileAuthor(profile);
  if (!author) return undefined;
  return author.type === 'organization' ? `${ORGANIZATION_URN_PREFIX}${author.id}` : profile.platform_user_id;
}

/** Why a profile connected for a page cannot publish yet. */
export const NO_PAGE_PICKED =
  'The LinkedIn profile was connected for a page but none is picked yet: pick one with PUT /profiles/{id}/author';
