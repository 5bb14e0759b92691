import type { PostMedia } from './media-view';

/**
 * What a post's platform options were resolved to when the post was created or edited (docs/api.md,
 * "Platform options"), kept on the post for the publisher: the posts a Bluesky post answers and
 * quotes as strong references (their content at that moment), and a LinkedIn document's stored PDF.
 */
export interface StrongRef {
  uri: string;
  cid: string;
}

export interface BlueskyRefs {
  /** root: the thread's first post (the target's own root when the target is a reply); parent: the target. */
  reply?: { root: StrongRef; parent: StrongRef };
  quote?: StrongRef;
}

/** The fields a post keeps for them: internal, not part of the Post object. */
export interface ResolvedPlatformOptions {
  bluesky_refs?: BlueskyRefs;
  linkedin_document?: PostMedia;
}
