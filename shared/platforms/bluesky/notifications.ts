import type { PlatformProfile } from '#shared/domain/profile';
import { openProfileSession, type ProfileSession } from './session';
import { withRenewal } from './post-thread';

/**
 * What came back on Bluesky (docs/api.md, "Inbox"): the account's notifications through its own
 * PDS, which proxies `app.bsky.notification.listNotifications` to its AppView, keeping replies,
 * mentions and quotes. The list is newest first; a round reads pages until it reaches the cursor
 * kept from the last round (the newest `indexedAt` it took), at most MAX_PAGES pages.
 */
export type BlueskyNotificationReason = 'reply' | 'mention' | 'quote';
const KEPT: ReadonlySet<string> = new Set(['reply', 'mention', 'quote']);
const PAGE_SIZE = 50;
const MAX_PAGES = 10;

export interface StrongRef {
  uri: string;
  cid: string;
}

export interface BlueskyNotification {
  uri: string;
  cid: string;
  reason: BlueskyNotificationReason;
  author: { did: string; handle: string; displayName: string | null };
  text: string;
  createdAt: string;
  indexedAt: string;
  /** The thread it replies in, when it is a reply. */
  reply?: { root: StrongRef; parent: StrongRef };
  /** The post it quotes, when it quotes one. */
  quoted?: string;
}

export interface NotificationPage {
  notifications: BlueskyNotification[];
  /** The newest `indexedAt` seen: the next round's cursor. */
  newest: string | null;
}

interface RawNotification {
  uri: string;
  cid: string;
  reason: string;
  author: { did: string; handle: string; displayName?: string };
  record: { text?: unknown; createdAt?: unknown; reply?: { root?: StrongRef; parent?: StrongRef }; embed?: Record<string, unknown> };
  indexedAt: string;
}

/** The quoted post's URI of a record's embed (a plain quote, or a quote with media). */
function quotedUri(embed: Record<string, unknown> | undefined): string | undefined {
  if (!embed) return undefined;
  const record = embed.record as { uri?: unknown; record?: { uri?: unknown } } | undefined;
  if (typeof record?.uri === 'string') return record.uri;
  if (typeof record?.record?.uri === 'string') return record.record.uri;
  return undefined;
}

function toNotification(raw: RawNotification): BlueskyNotification {
  const record = raw.record;
  const reply = record.reply?.root && record.reply.parent ? { root: record.reply.root, parent: record.reply.parent } : undefined;
  return {
    uri: raw.uri,
    cid: raw.cid,
    reason: raw.reason as BlueskyNotificationReason,
    author: { did: raw.author.did, handle: raw.author.handle, displayName: raw.author.displayName ?? null },
    text: typeof record.text === 'string' ? record.text : '',
    createdAt: typeof record.createdAt === 'string' ? record.createdAt : raw.indexedAt,
    indexedAt: raw.indexedAt,
    ...(reply ? { reply } : {}),
    ...(quotedUri(record.embed) ? { quoted: quotedUri(record.embed) } : {}),
  };
}

/** The notifications newer than `since` (all the first pages when null), oldest first. */
export async function listNewNotifications(session: ProfileSession, since: string | null): Promise<NotificationPage> {
  const found: BlueskyNotification[] = [];
  let cursor: string | undefined;
  let newest: string | null = since;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { data } = await withRenewal(session, () =>
      session.agent.app.bsky.notification.listNotifications({ limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) }),
    );
    let reachedCursor = false;
    for (const raw of data.notifications as unknown as RawNotification[]) {
      if (since && raw.indexedAt <= since) {
        reachedCursor = true;
        continue;
      }
      if (!newest || raw.indexedAt > newest) newest = raw.indexedAt;
      if (KEPT.has(raw.reason)) found.push(toNotification(raw));
    }
    cursor = data.cursor;
    if (reachedCursor || !cursor || data.notifications.length === 0) break;
  }
  return { notifications: found.reverse(), newest };
}

/**
 * The first part of the thread a post of this account belongs to: the post itself when it is a
 * top-level post, else its reply root (read from our own repository). Undefined for another
 * account's post or a record that is gone.
 */
export async function threadRootOf(session: ProfileSession, uri: string): Promise<string | undefined> {
  const match = /^at:\/\/([^/]+)\/app\.bsky\.feed\.post\/([^/]+)$/.exec(uri);
  if (!match || match[1] !== session.did) return undefined;
  try {
    const { data } = await withRenewal(session, () =>
      session.agent.com.atproto.repo.getRecord({ repo: session.did, collection: 'app.bsky.feed.post', rkey: match[2]! }),
    );
    const reply = (data.value as { reply?: { root?: StrongRef } }).reply;
    return reply?.root?.uri ?? uri;
  } catch {
    return undefined;
  }
}

export const openBlueskySession = (profile: PlatformProfile, accountId: string): Promise<ProfileSession> =>
  openProfileSession(profile, accountId);

/** The bsky.app address of a post by its AT URI. */
export function blueskyPostUrl(uri: string, handle?: string): string {
  const [, , repo, , rkey] = uri.split('/');
  return `https://bsky.app/profile/${handle && handle !== 'handle.invalid' ? handle : repo}/post/${rkey}`;
}
