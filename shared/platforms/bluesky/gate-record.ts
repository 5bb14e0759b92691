import { withRenewal } from './post-thread';
import type { ProfileSession } from './session';

/** Writes a gate record at the post's rkey: putRecord, so a repeat is the same record again (idempotent). */
export async function putGateRecord(
  session: ProfileSession,
  collection: string,
  rkey: string,
  record: Record<string, unknown>,
): Promise<void> {
  await withRenewal(session, () => session.agent.com.atproto.repo.putRecord({ repo: session.did, collection, rkey, record }));
}
