import type { AppBskyFeedPost } from '@atproto/api';
import type { BlueskyOptions } from '#shared/domain/platform-options';
import type { BlueskyRefs, StrongRef } from '#shared/domain/platform-options-refs';

/**
 * What a post's Bluesky options put on its records (docs/api.md, "Platform options"), computed
 * without any network call so the preview shows the very fields the publisher writes:
 * - the first post answers `reply_to` (root: the target's thread root) and embeds `quote`
 *   (beside images, a video or a card as `recordWithMedia`); later posts of a thread answer the
 *   post before them, under the same root;
 * - every post carries `langs` and the self-labels;
 * - the threadgate (who may reply) goes on the thread's root, the postgate (quotes off) on every
 *   post of the thread (docs/decisions/0305-bluesky-post-options.md).
 */
export interface RecordOptions {
  reply?: { root: StrongRef; parent: StrongRef };
  quote?: StrongRef;
  langs?: string[];
  labels?: AppBskyFeedPost.Record['labels'];
  /** The threadgate's `allow` (absent: no threadgate; []: nobody may reply). */
  threadgateAllow?: Array<{ $type: string }>;
  /** true: a postgate disabling quotes on each post. */
  quotesDisabled: boolean;
}

const THREADGATE_RULES = {
  mentioned: 'app.bsky.feed.threadgate#mentionRule',
  followers: 'app.bsky.feed.threadgate#followerRule',
  following: 'app.bsky.feed.threadgate#followingRule',
} as const;

export function recordOptions(options: BlueskyOptions | undefined, refs: BlueskyRefs | undefined): RecordOptions {
  const controls = options?.reply_control;
  return {
    ...(refs?.reply ? { reply: refs.reply } : {}),
    ...(refs?.quote ? { quote: refs.quote } : {}),
    ...(options?.langs?.length ? { langs: options.langs } : {}),
    ...(options?.labels?.length
      ? { labels: { $type: 'com.atproto.label.defs#selfLabels', values: options.labels.map((val) => ({ val })) } }
      : {}),
    ...(controls?.length
      ? {
          threadgateAllow: controls.includes('nobody')
            ? []
            : controls.map((control) => ({ $type: THREADGATE_RULES[control as keyof typeof THREADGATE_RULES] })),
        }
      : {}),
    quotesDisabled: options?.quotes_allowed === false,
  };
}

/** The first post's embed with the quote added: alone, or around the images, video or card as recordWithMedia. */
export function withQuote(embed: AppBskyFeedPost.Record['embed'], quote: StrongRef | undefined): AppBskyFeedPost.Record['embed'] {
  if (!quote) return embed;
  const record = { uri: quote.uri, cid: quote.cid };
  if (!embed) return { $type: 'app.bsky.embed.record', record };
  return { $type: 'app.bsky.embed.recordWithMedia', record: { $type: 'app.bsky.embed.record', record }, media: embed };
}

/** The fields every post of the thread carries. */
export function everyPostFields(options: RecordOptions): Pick<AppBskyFeedPost.Record, 'langs' | 'labels'> {
  return { ...(options.langs ? { langs: options.langs } : {}), ...(options.labels ? { labels: options.labels } : {}) };
}
