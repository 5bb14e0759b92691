import type { RecordRef } from './post-thread';
import { putGateRecord } from './gate-record';
import type { ProfileSession } from './session';

/**
 * Who may reply to a thread (docs/api.md, "Platform options"): an `app.bsky.feed.threadgate`
 * record on the thread's root. Bluesky requires its rkey to be the post's own, so it is as
 * deterministic as the post's: a repeated publish writes the same record to the same key again
 * (putRecord), and the post never gets two.
 */
export const THREADGATE = 'app.bsky.feed.threadgate';

export async function writeThreadgate(
  session: ProfileSession,
  root: RecordRef,
  allow: Array<{ $type: string }>,
  createdAt: string,
): Promise<void> {
  await putGateRecord(session, THREADGATE, root.rkey, { $type: THREADGATE, post: root.uri, allow, createdAt });
}
