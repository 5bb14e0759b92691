import type { AppBskyFeedPost } from '@atproto/api';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { CommentRequest, PublishOutcome } from '#shared/platforms/publisher';
import { describeFailure, failureKind } from './errors';
import { replyAuthExpired, replyFailure } from './reply-outcome';
import { readRecord, strongRef, writePart, type RecordRef } from './post-thread';
import { partRecordKey } from './record-key';
import { renderBlueskyPart, renderBlueskyThread } from './render';
import { resolveMentions } from './rich-text';
import { openProfileSession, withRenewedCredentials, type ProfileSession } from './session';

/**
 * The first comment on Bluesky (docs/api.md, "First comment"): a reply whose root is the post's
 * first part and whose parent is its last part (the post itself when it is one part), with the
 * facets a post's text gets. Its record key follows the thread's (the part after the last), so a
 * repeat after a crash or a lost answer lands on the same key and finds the reply already there.
 */
const POST = 'app.bsky.feed.post';
/** Keys a part may have been written under (post-thread.ts tries as many). */
const MAX_PROBES = 4;

export async function replyFirstComment(request: CommentRequest): Promise<PublishOutcome> {
  if (request.profile.needs_reconnect) return replyAuthExpired();
  let session: ProfileSession | undefined;
  let outcome: PublishOutcome;
  try {
    session = await openProfileSession(request.profile, request.accountId);
    const parts = renderBlueskyThread(request.content);
    const first = await findPart(session, request, 0, parts[0]!.text);
    const parent = parts.length === 1 ? first : await findPart(session, request, parts.length - 1, parts[parts.length - 1]!.text);
    const record: AppBskyFeedPost.Record = {
      $type: POST,
      ...(await resolveMentions(session.agent, renderBlueskyPart(request.text))),
      createdAt: clock.now().toISOString(),
      // A post that answers another (platform_options.bluesky.reply_to) sits in that thread: its root is the thread's.
      reply: { root: first.threadRoot ?? strongRef(first), parent: strongRef(parent) },
    };
    const ref = await writePart(session, record, (probe) => partRecordKey(request.postId, request.postTime, parts.length, probe));
    const handle = session.handle() ?? request.profile.handle;
    const actor = handle === 'handle.invalid' ? session.did : handle;
    outcome = { ok: true, url: `https://bsky.app/profile/${actor}/post/${ref.rkey}`, platformPostId: ref.uri };
  } catch (error) {
    outcome = toOutcome(error, request);
  }
  return withRenewedCredentials(outcome, session, { postId: request.postId, profileId: request.profile.id });
}

/** A part of the published thread, read back under the keys it may have (the first part's from its URI). */
async function findPart(
  session: ProfileSession,
  request: CommentRequest,
  index: number,
  text: string,
): Promise<RecordRef & { threadRoot?: { uri: string; cid: string } }> {
  const keys =
    index === 0
      ? [request.platformPostId.split('/').pop()!]
      : Array.from({ length: MAX_PROBES }, (_, probe) => partRecordKey(request.postId, request.postTime, index, probe));
  for (const rkey of keys) {
    const found = await readRecord(session, rkey);
    const value = found?.value as { text?: unknown; reply?: { root?: { uri?: unknown; cid?: unknown } } } | undefined;
    if (found?.cid && value?.text === text) {
      const root = value.reply?.root;
      const threadRoot = typeof root?.uri === 'string' && typeof root.cid === 'string' ? { uri: root.uri, cid: root.cid } : undefined;
      return { uri: found.uri, cid: found.cid, rkey, ...(threadRoot ? { threadRoot } : {}) };
    }
  }
  throw new ThreadPartMissing(index);
}

class ThreadPartMissing extends Error {
  constructor(readonly index: number) {
    super(`part ${index + 1} of the published thread could not be read back`);
    this.name = 'ThreadPartMissing';
  }
}

function toOutcome(error: unknown, request: CommentRequest): PublishOutcome {
  const kind = error instanceof ThreadPartMissing ? 'rejected' : failureKind(error);
  logger.warn('bluesky first comment failed', { post_id: request.postId, attempt: request.attempt, kind, cause: describeFailure(error) });
  return replyFailure(kind, error);
}
