import { DomainError } from '#shared/domain/errors';
import { type Profile } from '#shared/domain/profile';
import { connectedForPage, memberAuthor, type ProfileAuthor } from '#shared/domain/profile-author';
import { openLinkedInCredentials } from '#shared/platforms/linkedin/credentials';
import { listAdministeredOrganizations, type AdministeredOrganization } from '#shared/platforms/linkedin/organizations';
import { clock } from '#shared/ports/clock';
import { setLinkedInPageAuthor } from '#shared/store/profile-authors';
import { findProfileItemById, toProfile, type ProfileItem } from '#shared/store/profiles';

/**
 * Who a profile can post as, and picking the LinkedIn page (docs/api.md, "LinkedIn pages"). A
 * profile connected for a page lists its member and the pages that member administers, asked of
 * LinkedIn each time (roles change); any other profile lists its member alone.
 */
async function profileItem(accountId: string, profileId: string): Promise<ProfileItem> {
  const item = await findProfileItemById(accountId, profileId);
  if (!item) throw new DomainError('PROFILE_NOT_FOUND');
  return item;
}

async function administeredPages(item: ProfileItem): Promise<AdministeredOrganization[]> {
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
  return [member, ...(await administeredPages(item)).map(pageAuthor)];
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
