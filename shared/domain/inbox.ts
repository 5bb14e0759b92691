import { createHash } from 'node:crypto';
import type { Platform } from './platforms';

/**
 * The inbox's words (docs/api.md, "Inbox"): what came back from the platforms (replies, mentions,
 * quotes, comments) and the answer the account gives. Pure: no store, no platform.
 */
export const INBOX_ITEM_TYPES = ['reply', 'mention', 'quote', 'comment'] as const;
export type InboxItemType = (typeof INBOX_ITEM_TYPES)[number];

export const INBOX_STATUSES = ['new', 'read', 'answered', 'hidden'] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** What PATCH /inbox/{id} may set: `answered` is the reply's to give. */
export const SETTABLE_INBOX_STATUSES = ['new', 'read', 'hidden'] as const;
export type SettableInboxStatus = (typeof SETTABLE_INBOX_STATUSES)[number];

export type InboxReplyStatus = 'draft' | 'publishing' | 'published' | 'failed';

export interface InboxAuthor {
  /** The platform's id of the author: a DID on Bluesky, a person or organization URN on LinkedIn. */
  id: string;
  handle: string | null;
  display_name: string | null;
  url: string | null;
}

export interface InboxReply {
  status: InboxReplyStatus;
  content: string;
  url: string | null;
  error: { code: string; message: string } | null;
}

/** Where the item lives on its platform: what a reply needs to point at it. */
export type InboxSource =
  | { platform: 'bluesky'; uri: string; cid: string; root_uri: string; root_cid: string }
  | { platform: 'linkedin'; comment_urn: string; object_urn: string };

/** An inbox item as the API shows it (contract section 19). */
export interface InboxItemView {
  id: string;
  platform: Platform;
  type: InboxItemType;
  post_id: string | null;
  author: InboxAuthor;
  text: string;
  url: string;
  created_at: string;
  received_at: string;
  status: InboxStatus;
  version: number;
  reply: InboxReply | null;
}

/** The stored item: the view, its account and its source on the platform. */
export interface InboxItem extends InboxItemView {
  account_id: string;
  source: InboxSource;
}

export const toInboxItemView = (item: InboxItem): InboxItemView => ({
  id: item.id,
  platform: item.platform,
  type: item.type,
  post_id: item.post_id,
  author: item.author,
  text: item.text,
  url: item.url,
  created_at: item.created_at,
  received_at: item.received_at,
  status: item.status,
  version: item.version,
  reply: item.reply ? { status: item.reply.status, content: item.reply.content, url: item.reply.url, error: item.reply.error } : null,
});

/**
 * An item's id, derived from its account and what it is on the platform (a notification's URI, a
 * comment's URN): collecting the same thing twice names the same item, so a conditional put takes
 * it once whatever rounds overlap or repeat. Shaped as a lowercase UUID v4 (section 0 of the API).
 */
export function inboxItemId(accountId: string, platform: Platform, sourceId: string): string {
  const hex = createHash('sha256').update(`${accountId}\n${platform}\n${sourceId}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Reply length per platform: Bluesky's record limit in graphemes, LinkedIn's comment limit in characters. */
export const REPLY_LIMITS: Record<Platform, { max: number; unit: 'graphemes' | 'characters' }> = {
  bluesky: { max: 300, unit: 'graphemes' },
  linkedin: { max: 1250, unit: 'characters' },
};

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

export function replyLength(platform: Platform, text: string): number {
  return REPLY_LIMITS[platform].unit === 'graphemes' ? [...graphemes.segment(text)].length : [...text].length;
}

/** Why a reply's text is refused on the platform, or undefined when it fits. */
export function replyTextProblem(platform: Platform, text: string): string | undefined {
  if (!text.trim()) return 'content must not be blank';
  const { max, unit } = REPLY_LIMITS[platform];
  const length = replyLength(platform, text);
  return length > max ? `content is ${length} ${unit}; a reply on ${platform} takes at most ${max}` : undefined;
}

/** Collection cadence (docs/decisions/0240-inbox-collection.md). */
export const INBOX_COLLECTION_INTERVAL_MS = 5 * 60_000;
/** A profile with a post published within this window is collected on the schedule; LinkedIn posts this young are read. */
export const INBOX_ACTIVITY_WINDOW_MS = 30 * 24 * 60 * 60_000;
/** POST /inbox/refresh: at most once per this interval per account. */
export const INBOX_REFRESH_INTERVAL_MS = 60_000;
/** A reply claimed longer ago than this, still `publishing`, was left by a run that stopped: the next round finishes it. */
export const INBOX_REPLY_LEASE_MS = 2 * 60_000;
