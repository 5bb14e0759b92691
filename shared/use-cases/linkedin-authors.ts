import { DomainError } from '#shared/domain/errors';
import { type Profile } from '#shared/domain/profile';
import { connectedForPage, memberAuthor, type ProfileAuthor } from '#shared/domain/profile-author';
import { openLinkedInCredentials } from '#shared/platforms/linkedin/credentials';
import { listAdministeredOrganizations, type AdministeredOrganization } from '#shared/platforms/linkedin/organizations';
import { clock } from '#shared/ports/clock';
import { setLinkedInPageAuthor } from '#shared/store/profile-authors';
import { getCachedPages, putCachedPages } from '#shared/store/linkedin-pages-cache';
import { config } from '#shared/config';
import { logger } from '#shared/logger';
import { findProfileItemById, toProfile, type ProfileItem } from '#shared/store/profiles';

/**
 * Who a profile can post as, and picking the LinkedIn page (docs/api.md, "LinkedIn pages"). A
 * profile connected for a page lists its member and the pages that member administers, asked of
 * LinkedIn at most once per LINKEDIN_AUTHORS_CACHE_SECONDS (5 minutes) and profile: the lookups
 * spend the operator's LinkedIn app quota, which every account shares. Picking a page always
 * asks LinkedIn (a role just lost must not be picked), and refreshes what the list shows.
 */
async function profileItem(accountId: string, profileId: string): Promise<ProfileItem> {
  const item = await findProfileItemById(accountId, profileId);
  if (!item) throw new DomainError('PROFILE_NOT_FOUND');
  return item;
}

async function administeredPages(item: ProfileItem): Promise<AdministeredOrganization[]> {
  const pages = await askLinkedIn(item);
  const seconds = config.linkedinAuthorsCacheSeconds;
  if (seconds > 0) {
    const expiresAt = new Date(clock.now().getTime() + seconds * 1000);
    // A list not kept only costs another lookup next time: never fails the request.
    await putCachedPages(item.account_id, item.id, item.connected_at, pages, expiresAt).catch((error: Error) =>
      logger.warn('LinkedIn pages not cached', { profile_id: item.id, error }),
    );
  }
  return pages;
}

/** The pages as listed at most LINKEDIN_AUTHORS_CACHE_SECONDS ago, or asked of LinkedIn now. */
async function recentPages(item: ProfileItem): Promise<AdministeredOrganization[]> {
  if (config.linkedinAuthorsCacheSeconds > 0) {
    const cached = await getCachedPages(item.account_id, item.id, item.connected_at, clock.now());
    if (cached) return cached;
  }
  return administeredPages(item);
}

async function askLinkedIn(item: ProfileItem): Promise<AdministeredOrganization[]> {
  let accessToken: string;
  try {
    const credentials = await openLinkedInCredentials(item.credentials, { account_id: item.account_id, profile_id: item.id });
    if (!(Date.parse(credentials.expires_at) > clock.now().getTime())) throw new Error('expired');
    accessToken = credentials.access_token;
  } catch (error) {
    // An AWS error (KMS throttled or down) is temporary; an expired or unusable token is not.
    if ((error as { $metadata?: unknown }).$metadata !== undefined) throw error;
    throw new DomainError('OAUTH_ERROR', { details: 'The LinkedIn access token is expired or unusable; reconnect the profile' });
  }
  return listAdministeredOrganizations(accessToken);
}

const pageAuthor = (page: AdministeredOrganization): ProfileAuthor => ({ type: 'organization', id: page.id, name: page.name });

/** GET /profiles/{id}/authors: the member, then the pages it administers (profiles connected for a page only). */
export async function listProfileAuthors(accountId: string, profileId: string): Promise<ProfileAuthor[]> {
  const item = await profileItem(accountId, profileId);
  const member = memberAuthor(item);
  if (item.platform !== 'linkedin' || !connectedForPage(item)) return [member];
  return [member, ...(await recentPages(item)).map(pageAuthor)];
}

/**
 * PUT /profiles/{id}/author: the page the profile posts as from now on, one its member
 * administers now (checked with LinkedIn); another id is INVALID_FIELD `organization_id`.
 */
export async function pickPageAuthor(accountId: string, profileId: string, organizationId: string): Promise<Profile> {
  const item = await profileItem(accountId, profileId);
  const refuse = (message: string) => new DomainError('INVALID_FIELD', { field: 'organization_id' }, { message });
  if (item.platform !== 'linkedin' || !connectedForPage(item)) {
    throw refuse(
      'This profile posts as its member: to post as a LinkedIn page, delete it and connect LinkedIn again with author "organization"',
    );
  }
  const page = (await administeredPages(item)).find((one) => one.id === organizationId);
  if (!page) throw refuse(`organization_id ${organizationId} is not a LinkedIn page the connected member administers`);
  const updated = await setLinkedInPageAuthor(accountId, profileId, pageAuthor(page));
  if (!updated) throw new DomainError('PROFILE_NOT_FOUND');
  return toProfile(updated);
}
