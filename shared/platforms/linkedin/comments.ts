import { clock } from '#shared/ports/clock';
import type { CommentRequest, PublishOutcome } from '#shared/platforms/publisher';
import { linkedInAuthorUrn, NO_PAGE_PICKED } from './author';
import { openLinkedInCredentials } from './credentials';
import { LinkedInNetworkError, linkedinRequest, parseErrorBody, type LinkedInResponse } from './http';

/**
 * The first comment on LinkedIn (docs/api.md, "First comment"): `POST
 * /rest/socialActions/{post urn}/comments` with the profile's author (the member, or the page) as
 * `actor`, the post as `object` and the text as `message.text` (plain text: comments are not
 * little text). LinkedIn has no idempotency key for comments, so as for posts a call that may
 * have reached LinkedIn is never repeated: a broken connection after sending is PLATFORM_OUTCOME_UNKNOWN.
 */
type Failure = Extract<PublishOutcome, { ok: false }>;
const failure = (code: Failure['code'], message: string, retryable: boolean): Failure => ({ ok: false, code, message, retryable });

export interface LinkedInCommentOptions {
  apiBaseUrl: string;
  apiVersion: string;
  timeoutMs: number;
}

export async function commentOnLinkedIn(request: CommentRequest, options: LinkedInCommentOptions): Promise<PublishOutcome> {
  let accessToken: string;
  try {
    const credentials = await openLinkedInCredentials(request.profile.credentials, {
      account_id: request.profile.account_id,
      profile_id: request.profile.id,
    });
    if (!(Date.parse(credentials.expires_at) > clock.now().getTime()))
      return failure(
        'PLATFORM_AUTH_EXPIRED',
        `The LinkedIn access token expired at ${credentials.expires_at}; reconnect the profile`,
        false,
      );
    accessToken = credentials.access_token;
  } catch (error) {
    if ((error as { $metadata?: unknown }).$metadata !== undefined)
      return failure('PLATFORM_UNAVAILABLE', 'The credentials could not be opened right now', true);
    return failure('PLATFORM_AUTH_EXPIRED', 'The stored LinkedIn credentials are unusable; reconnect the profile', false);
  }
  const actor = linkedInAuthorUrn(request.profile);
  if (!actor) return failure('PROFILE_DISCONNECTED', NO_PAGE_PICKED, false);
  const postUrn = request.platformPostId;
  try {
    const response = await linkedinRequest(`${options.apiBaseUrl}/rest/socialActions/${encodeURIComponent(postUrn)}/comments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'linkedin-version': options.apiVersion,
        'x-restli-protocol-version': '2.0.0',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ actor, object: postUrn, message: { text: request.text } }),
      timeoutMs: options.timeoutMs,
    });
    if (response.status === 201 || response.status === 200) {
      const body = parseErrorBody(response.body);
      const header = response.headers['x-restli-id'];
      const commentUrn =
        (typeof body.commentUrn === 'string' ? body.commentUrn : undefined) ?? (Array.isArray(header) ? header[0] : header) ?? '';
      const url = `https://www.linkedin.com/feed/update/${postUrn}/${commentUrn ? `?commentUrn=${encodeURIComponent(commentUrn)}` : ''}`;
      return { ok: true, url, platformPostId: commentUrn };
    }
    return refusal(response);
  } catch (error) {
    if (!(error instanceof LinkedInNetworkError)) throw error;
    if (!error.sent) return failure('PLATFORM_UNAVAILABLE', `LinkedIn could not be reached (${error.message})`, true);
    return failure(
      'PLATFORM_OUTCOME_UNKNOWN',
      `${error.timedOut ? 'LinkedIn did not answer in time' : 'The connection to LinkedIn broke'} after the comment was sent; it may have been published, so it is not retried`,
      false,
    );
  }
}

/** LinkedIn's refusal of a comment, as a post's would be classified (its own words kept, bounded). */
function refusal(response: LinkedInResponse): Failure {
  const body = parseErrorBody(response.body);
  const said = (typeof body.message === 'string' ? body.message : response.body.trim() || `HTTP ${response.status}`).slice(0, 500);
  if (response.status === 401) return failure('PLATFORM_AUTH_EXPIRED', `LinkedIn refused the access token: ${said}`, false);
  if (response.status === 429) return failure('PLATFORM_UNAVAILABLE', 'LinkedIn rate limit reached', true);
  if (response.status >= 500) return failure('PLATFORM_UNAVAILABLE', `LinkedIn answered ${response.status}`, true);
  return failure('PLATFORM_REJECTED', `LinkedIn refused the comment: ${said}`, false);
}
