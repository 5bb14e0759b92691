import { clock } from '#shared/ports/clock';
import type { RecordRef } from './post-thread';
import type { RecordOptions } from './post-options';
import { writePostgate } from './postgate';
import type { ProfileSession } from './session';
import { writeThreadgate } from './threadgate';

/**
 * The gates of a thread written after its posts: the threadgate on the root, a postgate on each
 * post. Each at its post's rkey with putRecord, so a publish repeated after a crash (the posts
 * found at their keys) writes them again to the same keys: exactly one of each.
 */
export async function writeGates(session: ProfileSession, refs: RecordRef[], options: RecordOptions): Promise<void> {
  const createdAt = clock.now().toISOString();
  if (options.threadgateAllow) await writeThreadgate(session, refs[0], options.threadgateAllow, createdAt);
  if (options.quotesDisabled) for (const ref of refs) await writePostgate(session, ref, createdAt);
}
