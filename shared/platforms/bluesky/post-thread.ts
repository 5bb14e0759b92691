import type { AppBskyFeedPost } from '@atproto/api';
import { clock } from '#shared/ports/clock';
import { failureKind } from './errors';
import { everyPostFields, withQuote, type RecordOptions } from './post-options';
import { partRecordKey } from './record-key';
import type { RenderedPart } from './render';
import { resolveMentions } from './rich-text';
import type { ProfileSession } from './session';

/**
 * Writes a post's parts as a thread: part 1 a top-level post, every later part a reply with
 * root = part 1 and parent = the part before. Each record goes to its deterministic rkey,
 * so a repeat of the same publish lands on records that already exist: that collision (the
 * PDS answers 500) is recognised by reading the key back, and counts as written.
 */
export interface RecordRef {
  uri: string;
  cid: string;
  rkey: string;
}

export interface ThreadRequest {
  postId: string;
  postTime: Date;
  /** The parts as rendered (render.ts): the preview shows the same. */
  parts: RenderedPart[];
  /** Shown under the first post (a link card). */
  embed?: AppBskyFeedPost.Record['embed'];
  /** The post's Bluesky options as record fields (./post-options.ts); absent: none. */
  options?: RecordOptions;
}

const POST = 'app.bsky.feed.post';
/** Keys tried per part before giving up: other posts due in the same millisecond are rare. */
const MAX_PROBES = 4;

export async function postThread(session: ProfileSession, request: ThreadRequest): Promise<RecordRef[]> {
  const refs: RecordRef[] = [];
  const createdAt = clock.now().toISOString();
  const { options } = request;
  for (const [index, part] of request.parts.entries()) {
    const text = await resolveMentions(session.agent, part);
    const record: AppBskyFeedPost.Record = { $type: POST, ...text, ...(options ? everyPostFields(options) : {}), createdAt };
    // A reply to another post: the whole thread hangs under that post's root.
    if (refs.length) record.reply = { root: options?.reply?.root ?? strongRef(refs[0]), parent: strongRef(refs[refs.length - 1]) };
    else if (options?.reply) record.reply = options.reply;
    const embed = refs.length ? undefined : withQuote(request.embed, options?.quote);
    if (embed) record.embed = embed;
    refs.push(await writePart(session, record, (probe) => partRecordKey(request.postId, request.postTime, index, probe)));
  }
  return refs;
}

export const strongRef = ({ uri, cid }: RecordRef) => ({ uri, cid });

export async function writePart(
  session: ProfileSession,
  record: AppBskyFeedPost.Record,
  keyFor: (probe: number) => string,
): Promise<RecordRef> {
  let lastError: unknown;
  for (let probe = 0; probe < MAX_PROBES; probe += 1) {
    const rkey = keyFor(probe);
    try {
      const { data } = await withRenewal(session, () =>
        session.agent.com.atproto.repo.createRecord({ repo: session.did, collection: POST, rkey, record }),
      );
      return { uri: data.uri, cid: data.cid, rkey };
    } catch (error) {
      if (failureKind(error) === 'auth') throw error;
      const existing = await readRecord(session, rkey);
      if (!existing) throw error;
      // Our own record from an earlier attempt: done. Someone else's: next candidate key.
      if ((existing.value as { text?: unknown }).text === record.text) return { uri: existing.uri, cid: existing.cid!, rkey };
      lastError = error;
    }
  }
  throw lastError;
}

export async function readRecord(session: ProfileSession, rkey: string) {
  try {
    return (await session.agent.com.atproto.repo.getRecord({ repo: session.did, collection: POST, rkey })).data;
  } catch {
    return undefined;
  }
}

/** Runs a call; if the PDS rejects the session, renews it (refresh, else login) and runs it once more. */
export async function withRenewal<T>(session: ProfileSession, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (failureKind(error) !== 'auth') throw error;
    await session.renew();
    return call();
  }
}
