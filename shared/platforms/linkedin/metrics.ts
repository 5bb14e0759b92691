import { config } from '#shared/config';
import type { PlatformMetrics } from '#shared/domain/post-metrics';
import { clock } from '#shared/ports/clock';
import type { PlatformProfile } from '#shared/domain/profile';
import { MetricsUnavailable } from '#shared/platforms/metrics-unavailable';
import { openLinkedInCredentials } from './credentials';
import { linkedinRequest, parseErrorBody } from './http';

interface SocialActions {
  likesSummary?: { totalLikes?: number; aggregatedTotalLikes?: number };
  commentsSummary?: { aggregatedTotalComments?: number; totalFirstLevelComments?: number };
}

const count = (...values: (number | undefined)[]): number | null => values.find((value) => typeof value === 'number') ?? null;

/**
 * The figures of a post on LinkedIn, from the Social Actions API (`GET /rest/socialActions/{urn}`:
 * `likesSummary`, `commentsSummary`), with the profile's token. Reposts and quotes are not in it
 * (null). Impressions need post-analytics scopes that the service's tokens never carry (it asks
 * only for `w_member_social`, plus the page scopes): always null (docs/decisions.md). The post's
 * own first comment is the author's, so it is left out of `replies`.
 */
export async function readLinkedInMetrics(profile: PlatformProfile, urn: string, ownReplies: number): Promise<PlatformMetrics> {
  let token: string;
  try {
    token = (await openLinkedInCredentials(profile.credentials, { account_id: profile.account_id, profile_id: profile.id })).access_token;
  } catch {
    throw new MetricsUnavailable('the LinkedIn credentials do not open');
  }
  const { apiBaseUrl, apiVersion, timeoutMs } = config.linkedin;
  let response;
  try {
    response = await linkedinRequest(`${apiBaseUrl}/rest/socialActions/${encodeURIComponent(urn)}`, {
      method: 'GET',
      headers: { authorization: `Bearer ${token}`, 'linkedin-version': apiVersion, 'x-restli-protocol-version': '2.0.0' },
      timeoutMs,
    });
  } catch (error) {
    throw new MetricsUnavailable((error as Error).message);
  }
  if (response.status !== 200) {
    const body = parseErrorBody(response.body);
    const detail = typeof body.message === 'string' ? `: ${body.message.slice(0, 200)}` : '';
    throw new MetricsUnavailable(`LinkedIn answered ${response.status}${detail}`);
  }
  let actions: SocialActions;
  try {
    actions = JSON.parse(response.body) as SocialActions;
  } catch {
    throw new MetricsUnavailable('LinkedIn answered something other than JSON');
  }
  const comments = count(actions.commentsSummary?.aggregatedTotalComments, actions.commentsSummary?.totalFirstLevelComments);
  return {
    likes: count(actions.likesSummary?.aggregatedTotalLikes, actions.likesSummary?.totalLikes),
    reposts: null,
    replies: comments === null ? null : Math.max(0, comments - ownReplies),
    quotes: null,
    impressions: null,
    collected_at: clock.now().toISOString(),
  };
}
