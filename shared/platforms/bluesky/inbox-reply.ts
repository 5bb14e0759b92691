import type { AppBskyFeedPost } from '@atproto/api';
import type { PlatformProfile } from '#shared/domain/profile';
import { logger } from '#shared/logger';
import { clock } from '#shared/ports/clock';
import type { PublishOutcome } from '#shared/platforms/publisher';
import { describeFailure, failureKind } from './errors';
import { replyAuthExpired, replyFailure } from './reply-outcome';
import type { StrongRef } from './notifications';
import { writePart } from './post-thread';
import { partRecordKey } from './record-key';
import { renderBlueskyPart } from './render';
import { resolveMentions } from './rich-text';
import { openProfileSession, withRenewedCredentials, type ProfileSession } from './session';

/**
 * A reply from the inbox on Bluesky (docs/api.md, "Inbox"): root = the thread's root, parent = the
 * item, with the facets a post's text gets (links, mentions, tags). Its record key is derived from
 * the inbox item (as a post's parts are from the post), so a run that repeats it after a crash or
 * a lost answer lands on the same key and finds its reply there: it is on Bluesky once.
 */
export interface BlueskyReplyRequest {
  profile: PlatformProfile;
  accountId: string;
  itemId: string;
  /** A fixed time of the item (when it was received): the record key's timestamp. */
  keyTime: Date;
  text: string;
  root: StrongRef;
  parent: StrongRef;
}

export async function replyOnBluesky(request: BlueskyReplyRequest): Promise<PublishOutcome> {
  if (request.profile.needs_reconnect) return replyAuthExpired();
  let session: ProfileSession | undefined;
  let outcome: PublishOutcome;
  try {
    session = await openProfileSession(request.profile, request.accountId);
    const record: AppBskyFeedPost.Record = {
      $type: 'app.bsky.feed.post',
      ...(await resolveMentions(session.agent, renderBlueskyPart(request.text))),
      createdAt: clock.now().toISOString(),
      reply: { root: request.root, parent: request.parent },
    };
    const ref = await writePart(session, record, (probe) => partRecordKey(request.itemId, request.keyTime, 0, probe));
    const handle = session.handle() ?? request.profile.handle;
    const actor = handle === 'handle.invalid' ? session.did : handle;
    outcome = { ok: true, url: `https://bsky.app/profile/${actor}/post/${ref.rkey}`, platformPostId: ref.uri };
  } catch (error) {
    outcome = toOutcome(error, request.itemId);
  }
  return withRenewedCredentials(outcome, session, { postId: request.itemId, profileId: request.profile.id });
}

function toOutcome(error: unknown, itemId: string): PublishOutcome {
  const kind = failureKind(error);
  logger.warn('bluesky inbox reply failed', { inbox_item_id: itemId, kind, cause: describeFailure(error) });
  return replyFailure(kind, error);
}
