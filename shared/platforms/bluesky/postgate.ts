import type { RecordRef } from './post-thread';
import { putGateRecord } from './gate-record';
import type { ProfileSession } from './session';

/**
 * Quotes off (docs/api.md, "Platform options"): an `app.bsky.feed.postgate` record whose
 * embedding rules disable quoting, at the post's own rkey (as Bluesky requires), so a repeated
 * publish overwrites it with the same record and never adds a second.
 */
export const POSTGATE = 'app.bsky.feed.postgate';

export async function writePostgate(session: ProfileSession, post: RecordRef, createdAt: string): Promise<void> {
  await putGateRecord(session, POSTGATE, post.rkey, {
    $type: POSTGATE,
    post: post.uri,
    embeddingRules: [{ $type: 'app.bsky.feed.postgate#disableRule' }],
    createdAt,
  });
}
