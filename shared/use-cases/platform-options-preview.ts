import { recordOptions } from '#shared/platforms/bluesky/post-options';
import { pollContent, type LinkedInPollContent } from '#shared/platforms/linkedin/polls';
import type { PreparedOptions } from './platform-options';

/**
 * What the preview shows of a post's platform options (docs/api.md, "Platform options"): on
 * Bluesky the record fields the publisher writes (./post-options.ts computes both), the posts
 * answered and quoted as sent (looked up only at creation: the preview calls no platform); on
 * LinkedIn the content a document or a poll makes.
 */
export interface BlueskyOptionsPreview {
  /** As sent: the post is looked up (and its root found) when the post is created. */
  reply_to?: string;
  quote?: string;
  langs?: string[];
  labels?: string[];
  threadgate_allow?: string[];
  quotes_disabled: boolean;
}

export interface LinkedInOptionsPreview {
  document?: { media_id: string; title: string };
  poll?: LinkedInPollContent['poll'];
}

export function blueskyOptionsPreview(prepared: PreparedOptions): BlueskyOptionsPreview | undefined {
  const options = prepared.platform_options?.bluesky;
  if (!options) return undefined;
  const fields = recordOptions(options, undefined);
  return {
    ...(options.reply_to !== undefined ? { reply_to: options.reply_to } : {}),
    ...(options.quote !== undefined ? { quote: options.quote } : {}),
    ...(fields.langs ? { langs: fields.langs } : {}),
    // The self-labels' values, as com.atproto.label.defs#selfLabels carries them.
    ...(fields.labels && options.labels ? { labels: options.labels } : {}),
    ...(fields.threadgateAllow ? { threadgate_allow: fields.threadgateAllow.map((rule) => rule.$type) } : {}),
    quotes_disabled: fields.quotesDisabled,
  };
}

export function linkedinOptionsPreview(prepared: PreparedOptions): LinkedInOptionsPreview | undefined {
  const { document, poll } = prepared.platform_options?.linkedin ?? {};
  if (document) return { document: { media_id: prepared.linkedin_document?.id ?? document.media_id, title: document.title } };
  if (poll) return { poll: pollContent(poll).poll };
  return undefined;
}
