import type { Platform } from '#shared/domain/platforms';
import type { BlueskyOptions, LinkedInOptions } from '#shared/domain/platform-options';
import type { BlueskyRefs } from '#shared/domain/platform-options-refs';
import type { PlatformProfile } from '#shared/domain/profile';
import type { LinkCard } from './link-cards/link-card';

/**
 * The port every platform adapter implements for the publisher. An adapter publishes one
 * post to one platform and classifies what happened; the retry loop, the claims and the
 * result records belong to the publisher (functions/publish-post).
 */
export interface PublishRequest {
  postId: string;
  accountId: string;
  content: string;
  /** The post's time (scheduled_for, or creation for immediate posts): Bluesky derives record keys from it. */
  postTime: Date;
  profile: PlatformProfile;
  /** Which attempt this is (1-based): adapters may reconcile on a repeat. */
  attempt: number;
  /** The card of the text's first link, when the post has one and it could be built (link-cards/). */
  linkCard?: LinkCard;
  /** The post's images, as this platform's variants, in order (a post with images has no link card). */
  images?: PublishImage[];
  /** The post's video (docs/api.md, "Video"); a post with a video has no images and no link card. */
  video?: PublishVideo;
  /** The post's options for this platform (docs/api.md, "Platform options"); absent: none. */
  options?: PublishOptions;
}

/** A post's platform options as an adapter needs them: what was asked, and what creation resolved it to. */
export interface PublishOptions {
  bluesky?: BlueskyOptions;
  /** The posts answered and quoted; absent when the post was a draft when created (the adapter looks them up). */
  blueskyRefs?: BlueskyRefs;
  linkedin?: LinkedInOptions;
  /** The LinkedIn document's PDF (a post with one has no images, video, poll or link card). */
  document?: PublishDocument;
}

export interface PublishDocument {
  mediaId: string;
  title: string;
  sizeBytes: number;
  /** The whole PDF (at most 100 MB), read from storage. */
  read(): Promise<Buffer>;
}

/** A video, read in ranges from storage (never whole in memory), with its job memory for crash-safe resumes. */
export interface PublishVideo {
  mediaId: string;
  sizeBytes: number;
  width: number;
  height: number;
  altText: string;
  /** Bytes `start` to `end` (exclusive). */
  read(start: number, end: number): Promise<Buffer>;
  /** The platform's video job of an earlier attempt of this post, if one was recorded. */
  savedJob(): Promise<string | undefined>;
  /** Records the job before waiting for it. */
  saveJob(jobId: string): Promise<void>;
}

export interface PublishImage {
  bytes: Buffer;
  contentType: string;
  width: number;
  height: number;
  altText: string;
}

export type PlatformErrorCode =
  | 'PLATFORM_AUTH_EXPIRED'
  | 'PLATFORM_REJECTED'
  | 'PLATFORM_DUPLICATE'
  | 'PLATFORM_UNAVAILABLE'
  | 'PLATFORM_OUTCOME_UNKNOWN'
  | 'PROFILE_DISCONNECTED';

export type PublishOutcome = (
  | { ok: true; url: string; platformPostId: string }
  | {
      ok: false;
      code: PlatformErrorCode;
      message: string;
      /** True only when repeating cannot double-post (network before send, 5xx, 429, or a deterministic record key). */
      retryable: boolean;
      /** Seconds the platform asked us to wait (429 Retry-After), when it said. */
      retryAfterSeconds?: number;
    }
) &
  ProfileRenewal;

/**
 * What a platform call changed on the profile, whatever its outcome: adapters store nothing, they
 * say what changed and the use case stores it (shared/use-cases/profile-renewal.ts).
 */
export interface ProfileRenewal {
  /** The profile's credentials sealed again after the call renewed its session (a refresh or a new login). */
  renewedCredentials?: string;
}

export interface PlatformPublisher {
  readonly platform: Platform;
  publish(request: PublishRequest): Promise<PublishOutcome>;
  /** Publishes the post's first comment under the published post (docs/api.md, "First comment"); absent: the adapter has none. */
  comment?(request: CommentRequest): Promise<PublishOutcome>;
}

/** The first comment of a published post: what it answers and where. */
export interface CommentRequest {
  postId: string;
  accountId: string;
  /** The post's time: Bluesky derives the reply's record key from it, as the post's own. */
  postTime: Date;
  profile: PlatformProfile;
  /** The text the post was published with on this platform (Bluesky finds the thread's last part from it). */
  content: string;
  /** The published post: the Bluesky record URI of the first part, or the LinkedIn post URN. */
  platformPostId: string;
  /** The comment's text. */
  text: string;
  attempt: number;
}
