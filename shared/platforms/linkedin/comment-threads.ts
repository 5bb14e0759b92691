import { config } from '#shared/config';
import type { PlatformProfile } from '#shared/domain/profile';
import { clock } from '#shared/ports/clock';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { linkedInAuthorUrn, NO_PAGE_PICKED } from './author';
import { openLinkedInCredentials } from './credentials';
import { LinkedInNetworkError, linkedinRequest, parseErrorBody, type LinkedInResponse } from './http';

/**
 * Comments on our LinkedIn posts and our replies to them (docs/api.md, "Inbox"), through the Social
 * Actions API with the profile's token: `GET /rest/socialActions/{urn}/comments` lists the comments
 * of a post (or the replies under a comment), and a reply is a comment created under the comment,
 * `POST /rest/socialActions/{comment urn}/comments` with `parentComment`, acting as the profile's
 * author (the member, or the page). LinkedIn has no idempotency key for comments, so a run that
 * takes over a reply whose call may have reached LinkedIn looks for it first (`findReply`).
 */
export interface LinkedInComment {
  commentUrn: string;
  actor: string;
  text: string;
  createdAt: string;
  /** The post (or activity) the comment is on. */
  object: string;
  parentComment?: string;
}

export class LinkedInReadFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LinkedInReadFailed';
  }
}

const PAGE_SIZE = 100;
const MAX_PAGES = 10;

async function accessToken(profile: PlatformProfile): Promise<string> {
  const credentials = await openLinkedInCredentials(profile.credentials, { account_id: profile.account_id, profile_id: profile.id });
  if (!(Date.parse(credentials.expires_at) > clock.now().getTime()))
    throw new LinkedInReadFailed(`the LinkedIn access token expired at ${credentials.expires_at}`);
  return credentials.access_token;
}

const headers = (token: string) => ({
  authorization: `Bearer ${token}`,
  'linkedin-version': config.linkedin.apiVersion,
  'x-restli-protocol-version': '2.0.0',
});

interface RawComment {
  commentUrn?: string;
  actor?: string;
  message?: { text?: string };
  created?: { time?: number };
  object?: string;
  parentComment?: string;
}

/** The comments on a post, or the replies under a comment (`urn` a comment URN), oldest first as LinkedIn lists them. */
export async function listLinkedInComments(profile: PlatformProfile, urn: string): Promise<LinkedInComment[]> {
  const token = await accessToken(profile);
  const found: LinkedInComment[] = [];
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const url = `${config.linkedin.apiBaseUrl}/rest/socialActions/${encodeURIComponent(urn)}/comments?start=${page * PAGE_SIZE}&count=${PAGE_SIZE}`;
    let response: LinkedInResponse;
    try {
      response = await linkedinRequest(url, { method: 'GET', headers: headers(token), timeoutMs: config.linkedin.timeoutMs });
    } catch (error) {
      throw new LinkedInReadFailed((error as Error).message);
    }
    if (response.status !== 200) throw new LinkedInReadFailed(`LinkedIn answered ${response.status}: ${said(response)}`);
    const body = JSON.parse(response.body) as { elements?: RawComment[]; paging?: { total?: number } };
    for (const raw of body.elements ?? []) {
      if (!raw.commentUrn || !raw.actor) continue;
      found.push({
        commentUrn: raw.commentUrn,
        actor: raw.actor,
        text: raw.message?.text ?? '',
        createdAt: new Date(raw.created?.time ?? clock.now().getTime()).toISOString(),
        object: raw.object ?? urn,
        ...(raw.parentComment ? { parentComment: raw.parentComment } : {}),
      });
    }
    const total = body.paging?.total;
    if ((body.elements ?? []).length < PAGE_SIZE || (total !== undefined && (page + 1) * PAGE_SIZE >= total)) break;
  }
  return found;
}

type Failure = Extract<PublishOutcome, { ok: false }>;
const failure = (code: Failure['code'], message: string, retryable: boolean): Failure => ({ ok: false, code, message, retryable });

export interface LinkedInReplyRequest {
  profile: PlatformProfile;
  /** The post the comment is on. */
  objectUrn: string;
  parentCommentUrn: string;
  text: string;
}

const replyUrl = (commentUrn: string, objectUrn: string) =>
  `https://www.linkedin.com/feed/update/${objectUrn}/?commentUrn=${encodeURIComponent(commentUrn)}`;

/** Our reply already under the comment (same author, same text), when a previous run's call reached LinkedIn. */
export async function findLinkedInReply(request: LinkedInReplyRequest): Promise<PublishOutcome | undefined> {
  const actor = linkedInAuthorUrn(request.profile);
  const replies = await listLinkedInComments(request.profile, request.parentCommentUrn);
  const ours = replies.find((reply) => reply.actor === actor && reply.text === request.text);
  return ours ? { ok: true, url: replyUrl(ours.commentUrn, request.objectUrn), platformPostId: ours.commentUrn } : undefined;
}

export async function replyOnLinkedIn(request: LinkedInReplyRequest): Promise<PublishOutcome> {
  let token: string;
  try {
    token = await accessToken(request.profile);
  } catch (error) {
    if ((error as { $metadata?: unknown }).$metadata !== undefined)
      return failure('PLATFORM_UNAVAILABLE', 'The credentials could not be opened right now', true);
    return failure('PLATFORM_AUTH_EXPIRED', `${(error as Error).message}; reconnect the LinkedIn profile`, false);
  }
  const actor = linkedInAuthorUrn(request.profile);
  if (!actor) return failure('PROFILE_DISCONNECTED', NO_PAGE_PICKED, false);
  try {
    const response = await linkedinRequest(
      `${config.linkedin.apiBaseUrl}/rest/socialActions/${encodeURIComponent(request.parentCommentUrn)}/comments`,
      {
        method: 'POST',
        headers: { ...headers(token), 'content-type': 'application/json' },
        body: JSON.stringify({
          actor,
          object: request.objectUrn,
          message: { text: request.text },
          parentComment: request.parentCommentUrn,
        }),
        timeoutMs: config.linkedin.timeoutMs,
      },
    );
    if (response.status === 201 || response.status === 200) {
      const body = parseErrorBody(response.body);
      const header = response.headers['x-restli-id'];
      const urn = (typeof body.commentUrn === 'string' ? body.commentUrn : undefined) ?? (Array.isArray(header) ? header[0] : header) ?? '';
      return { ok: true, url: replyUrl(urn, request.objectUrn), platformPostId: urn };
    }
    if (response.status === 401) return failure('PLATFORM_AUTH_EXPIRED', `LinkedIn refused the access token: ${said(response)}`, false);
    if (response.status === 429 || response.status >= 500)
      return failure('PLATFORM_UNAVAILABLE', `LinkedIn answered ${response.status}`, true);
    return failure('PLATFORM_REJECTED', `LinkedIn refused the reply: ${said(response)}`, false);
  } catch (error) {
    if (!(error instanceof LinkedInNetworkError)) throw error;
    if (!error.sent) return failure('PLATFORM_UNAVAILABLE', `LinkedIn could not be reached (${error.message})`, true);
    return failure(
      'PLATFORM_OUTCOME_UNKNOWN',
      'The connection to LinkedIn broke after the reply was sent; it may have been published',
      false,
    );
  }
}

function said(response: LinkedInResponse): string {
  const body = parseErrorBody(response.body);
  return (typeof body.message === 'string' ? body.message : response.body.trim() || `HTTP ${response.status}`).slice(0, 500);
}
