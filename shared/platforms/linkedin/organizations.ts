import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import { organizationIdOf } from '#shared/domain/profile-author';
import { LinkedInNetworkError, linkedinRequest, parseErrorBody, type LinkedInResponse } from './http';

/**
 * The organization pages a member administers (docs/api.md, "LinkedIn pages"): the
 * Organization Access Control finder (`/rest/organizationAcls?q=roleAssignee`, approved
 * ADMINISTRATOR roles of the token's member), then the pages' names through the organizations
 * batch lookup (`/rest/organizations?ids=List(…)`, `localizedName`). A name that cannot be read
 * stays null: the list is what decides, not the names.
 */
export interface AdministeredOrganization {
  id: string;
  name: string | null;
}

/** Pages read per request, and at most this many requests: 1,000 pages is beyond any real member. */
const PAGE_SIZE = 100;
const MAX_PAGES = 10;

const unavailable = (message: string) => new DomainError('SERVICE_UNAVAILABLE', {}, { message });

async function get(url: string, accessToken: string): Promise<LinkedInResponse> {
  try {
    return await linkedinRequest(url, {
      method: 'GET',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'linkedin-version': config.linkedin.apiVersion,
        'x-restli-protocol-version': '2.0.0',
        accept: 'application/json',
      },
      timeoutMs: config.linkedin.timeoutMs,
    });
  } catch (error) {
    if (error instanceof LinkedInNetworkError) throw unavailable('LinkedIn could not be reached; retry later');
    throw error;
  }
}

/**
 * Ids of the pages the token's member administers. A token without the page scopes (LinkedIn
 * answers 403) administers none here; a refused token is OAUTH_ERROR (reconnect); LinkedIn down
 * is SERVICE_UNAVAILABLE.
 */
async function administeredOrganizationIds(accessToken: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = `q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=${page * PAGE_SIZE}&count=${PAGE_SIZE}`;
    const response = await get(`${config.linkedin.apiBaseUrl}/rest/organizationAcls?${query}`, accessToken);
    if (response.status === 401) {
      throw new DomainError('OAUTH_ERROR', { details: 'LinkedIn refused the stored access token; reconnect the profile' });
    }
    if (response.status === 403) return [];
    if (response.status !== 200) throw unavailable(`LinkedIn answered ${response.status} when listing the pages; retry later`);
    const elements = (parseErrorBody(response.body).elements ?? []) as unknown[];
    if (!Array.isArray(elements)) throw unavailable('LinkedIn answered the page list in an unexpected shape; retry later');
    for (const element of elements) {
      const acl = (element ?? {}) as { organization?: unknown; role?: unknown; state?: unknown };
      const id = typeof acl.organization === 'string' ? organizationIdOf(acl.organization) : undefined;
      // The finder was asked for approved administrators only; anything else is not taken on trust.
      if (id && acl.role === 'ADMINISTRATOR' && (acl.state === undefined || acl.state === 'APPROVED') && !ids.includes(id)) ids.push(id);
    }
    if (elements.length < PAGE_SIZE) break;
  }
  return ids;
}

/** The pages' names; a page LinkedIn does not name (or a failed lookup) gets null. */
async function organizationNames(ids: string[], accessToken: string): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!ids.length) return names;
  try {
    const response = await get(`${config.linkedin.apiBaseUrl}/rest/organizations?ids=List(${ids.join(',')})`, accessToken);
    if (response.status !== 200) return names;
    const results = parseErrorBody(response.body).results as Record<string, { localizedName?: unknown }> | undefined;
    for (const id of ids) {
      const name = results?.[id]?.localizedName;
      if (typeof name === 'string' && name.trim()) names.set(id, name.trim());
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
  }
  return names;
}

/** The pages the token's member administers, in LinkedIn's order, with their names. */
export async function listAdministeredOrganizations(accessToken: string): Promise<AdministeredOrganization[]> {
  const ids = await administeredOrganizationIds(accessToken);
  const names = await organizationNames(ids, accessToken);
  return ids.map((id) => ({ id, name: names.get(id) ?? null }));
}
