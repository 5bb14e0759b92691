import type { BlueskyOptions } from '#shared/domain/platform-options';
import type { BlueskyRefs, StrongRef } from '#shared/domain/platform-options-refs';
import type { XrpcReader } from './public-xrpc';

/**
 * A post named by a bsky.app URL or an at:// URI, found in its author's repository: its strong
 * reference (URI and CID, what a reply or a quote embeds) and, when it is itself a reply, the
 * root of its thread. Reads only public records, through any PDS or AppView (a PDS answers for
 * repositories it does not host by asking its AppView).
 */
export interface PostAddress {
  /** A DID or a handle. */
  actor: string;
  rkey: string;
}

export interface FoundPost extends StrongRef {
  /** The thread's root when the post is a reply; its own reference otherwise. */
  root: StrongRef;
}

export type Lookup = { found: FoundPost } | { missing: string } | { notQuotable: string };

const POST = 'app.bsky.feed.post';
const POSTGATE = 'app.bsky.feed.postgate';
const DISABLE_RULE = 'app.bsky.feed.postgate#disableRule';
const RKEY = '[A-Za-z0-9._:~-]{1,512}';
const ACTOR = '(did:[a-z]+:[A-Za-z0-9._:%-]+|[A-Za-z0-9.-]+)';
const AT_URI = new RegExp(`^at://${ACTOR}/${POST.replaceAll('.', '\\.')}/(${RKEY})$`);
const WEB_URL = new RegExp(`^https://(?:www\\.)?bsky\\.app/profile/${ACTOR}/post/(${RKEY})/?(?:[?#].*)?$`);

/** The author and record key a reference names, or undefined when it names no Bluesky post. */
export function parsePostAddress(reference: string): PostAddress | undefined {
  const match = AT_URI.exec(reference.trim()) ?? WEB_URL.exec(reference.trim());
  if (!match) return undefined;
  const [, actor, rkey] = match;
  return { actor: actor.toLowerCase().startsWith('did:') ? actor : actor.toLowerCase(), rkey };
}

/**
 * Finds the post; with `forQuote`, also reads its postgate (rkey = the post's) and refuses a post
 * whose author disabled quotes. Answers `missing` when the handle or the record does not exist;
 * throws XrpcUnavailable when the service could not be asked.
 */
export async function lookUpPost(reader: XrpcReader, reference: string, forQuote: boolean): Promise<Lookup> {
  const address = parsePostAddress(reference);
  if (!address) return { missing: 'not a bsky.app post URL or an at:// URI of a post' };
  const did = address.actor.startsWith('did:') ? address.actor : await resolveHandle(reader, address.actor);
  if (!did) return { missing: `the handle ${address.actor} does not resolve` };
  const record = await getRecord(reader, did, POST, address.rkey);
  if (!record?.cid) return { missing: 'no such post' };
  const self = { uri: record.uri, cid: record.cid };
  const reply = (record.value as { reply?: { root?: StrongRef } }).reply;
  const root = reply?.root?.uri && reply.root.cid ? { uri: reply.root.uri, cid: reply.root.cid } : self;
  if (forQuote) {
    const gate = await getRecord(reader, did, POSTGATE, address.rkey);
    const rules = (gate?.value as { embeddingRules?: Array<{ $type?: string }> } | undefined)?.embeddingRules ?? [];
    if (rules.some((rule) => rule.$type === DISABLE_RULE)) return { notQuotable: 'its author disabled quotes' };
  }
  return { found: { ...self, root } };
}

async function resolveHandle(reader: XrpcReader, handle: string): Promise<string | undefined> {
  const answer = await reader.query('com.atproto.identity.resolveHandle', { handle });
  const did = 'data' in answer ? (answer.data as { did?: unknown }).did : undefined;
  return typeof did === 'string' ? did : undefined;
}

interface RecordAnswer {
  uri: string;
  cid?: string;
  value: unknown;
}

async function getRecord(reader: XrpcReader, repo: string, collection: string, rkey: string): Promise<RecordAnswer | undefined> {
  const answer = await reader.query('com.atproto.repo.getRecord', { repo, collection, rkey });
  if (!('data' in answer)) return undefined;
  const record = answer.data as Partial<RecordAnswer>;
  return typeof record.uri === 'string' && record.value && typeof record.value === 'object'
    ? { uri: record.uri, cid: typeof record.cid === 'string' ? record.cid : undefined, value: record.value }
    : undefined;
}

/** The strong references of the posts `reply_to` and `quote` name, or the first option that names none (its field and why). */
export async function resolveRefs(
  reader: XrpcReader,
  options: Pick<BlueskyOptions, 'reply_to' | 'quote'>,
): Promise<{ refs: BlueskyRefs } | { field: 'reply_to' | 'quote'; why: string }> {
  const refs: BlueskyRefs = {};
  for (const field of ['reply_to', 'quote'] as const) {
    const reference = options[field];
    if (reference === undefined) continue;
    const lookup = await lookUpPost(reader, reference, field === 'quote');
    if ('missing' in lookup) return { field, why: `the post was not found: ${lookup.missing}` };
    if ('notQuotable' in lookup) return { field, why: `the post may not be quoted: ${lookup.notQuotable}` };
    const { root, uri, cid } = lookup.found;
    if (field === 'reply_to') refs.reply = { root, parent: { uri, cid } };
    else refs.quote = { uri, cid };
  }
  return { refs };
}
