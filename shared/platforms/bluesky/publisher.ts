import type { AppBskyFeedPost } from '@atproto/api';
import { logger } from '#shared/logger';
import type { LinkCard } from '#shared/platforms/link-cards/link-card';
import type { PlatformPublisher, PublishImage, PublishOutcome, PublishRequest } from '#shared/platforms/publisher';
import { describeFailure, failureKind, pdsAddressRefusal, retryAfterSeconds } from './errors';
import { postThread, withRenewal } from './post-thread';
import { openProfileSession, withRenewedCredentials, type ProfileSession } from './session';
import { renderBlueskyThread } from './render';
import { replyFirstComment } from './first-comment';
import { videoEmbed } from './video';
import { writeGates } from './gates';
import { recordOptions, type RecordOptions } from './post-options';
import { resolveRefs } from './resolve-post';
import { publicXrpc } from './public-xrpc';
import { config } from '#shared/config';

/**
 * The Bluesky adapter: the post's text, with clickable links, mentions and hashtags, as one
 * post or as a thread of replies when it is longer than 300 graphemes, written under the
 * profile's reused session. Record keys are deterministic, so any failure before the whole
 * thread is written can be retried without posting anything twice.
 */
export const blueskyPublisher: PlatformPublisher = {
  platform: 'bluesky',
  comment: replyFirstComment,
  async publish(request: PublishRequest): Promise<PublishOutcome> {
    // A profile known to need reconnecting would only spend a (rate-limited) login to fail again.
    if (request.profile.needs_reconnect) return authExpired();
    let session: ProfileSession | undefined;
    let outcome: PublishOutcome;
    try {
      session = await openProfileSession(request.profile, request.accountId);
      const parts = renderBlueskyThread(request.content);
      const embed = request.video
        ? await videoEmbed(session, request.video)
        : request.images?.length
          ? await imagesEmbed(session, request.images)
          : request.linkCard
            ? await externalEmbed(session, request.linkCard)
            : undefined;
      const options = await recordOptionsFor(request);
      if ('rejected' in options) outcome = options.rejected;
      else {
        const refs = await postThread(session, { postId: request.postId, postTime: request.postTime, parts, embed, options });
        await writeGates(session, refs, options);
        const handle = session.handle() ?? request.profile.handle;
        // A handle that no longer verifies reads 'handle.invalid'; the DID always resolves.
        const actor = handle === 'handle.invalid' ? session.did : handle;
        outcome = { ok: true, url: postUrl(actor, refs[0].rkey), platformPostId: refs[0].uri };
      }
    } catch (error) {
      outcome = toOutcome(error, request);
    }
    // A renewed session goes back to the caller, who stores it (shared/use-cases/profile-renewal.ts).
    return withRenewedCredentials(outcome, session, { postId: request.postId, profileId: request.profile.id });
  },
};

/**
 * The post's images as `app.bsky.embed.images` (alt text and aspect ratio each). A repeat after a
 * crash uploads the same bytes again: the PDS keeps one blob per content id, and the record key
 * still collides, so nothing is posted twice.
 */
async function imagesEmbed(session: ProfileSession, images: PublishImage[]): Promise<AppBskyFeedPost.Record['embed']> {
  const uploaded = [];
  for (const image of images) {
    const { data } = await withRenewal(session, () => session.agent.uploadBlob(image.bytes, { encoding: image.contentType }));
    uploaded.push({ image: data.blob, alt: image.altText, aspectRatio: { width: image.width, height: image.height } });
  }
  return { $type: 'app.bsky.embed.images', images: uploaded };
}

/**
 * A link card as `app.bsky.embed.external`, its thumbnail uploaded as a blob first (a repeat
 * after a crash uploads the same bytes again: the PDS stores a blob once per content id).
 */
async function externalEmbed(session: ProfileSession, card: LinkCard): Promise<AppBskyFeedPost.Record['embed']> {
  const { thumbnail } = card;
  const thumb = thumbnail
    ? (await withRenewal(session, () => session.agent.uploadBlob(thumbnail.bytes, { encoding: thumbnail.mimeType }))).data.blob
    : undefined;
  return {
    $type: 'app.bsky.embed.external',
    external: { uri: card.url, title: card.title, description: card.description, ...(thumb ? { thumb } : {}) },
  };
}

/**
 * The post's options as record fields (./post-options.ts). A post created as a draft has its
 * answered and quoted posts looked up now; one gone (or no longer quotable) refuses the post.
 */
async function recordOptionsFor(request: PublishRequest): Promise<RecordOptions | { rejected: PublishOutcome }> {
  const options = request.options?.bluesky;
  let refs = request.options?.blueskyRefs;
  if (options && !refs && (options.reply_to !== undefined || options.quote !== undefined)) {
    const resolved = await resolveRefs(publicXrpc(request.profile.service ?? config.bluesky.serviceUrl), options);
    if ('field' in resolved)
      return {
        rejected: {
          ok: false,
          code: 'PLATFORM_REJECTED',
          message: `platform_options.bluesky.${resolved.field}: ${resolved.why}`,
          retryable: false,
        },
      };
    refs = resolved.refs;
  }
  return recordOptions(options, refs);
}

export const postUrl = (actor: string, rkey: string): string => `https://bsky.app/profile/${actor}/post/${rkey}`;

const authExpired = (): PublishOutcome => ({
  ok: false,
  code: 'PLATFORM_AUTH_EXPIRED',
  message: 'Bluesky no longer accepts the app password (revoked or expired); reconnect the Bluesky profile',
  retryable: false,
});

function toOutcome(error: unknown, request: PublishRequest): PublishOutcome {
  const kind = failureKind(error);
  logger.warn('bluesky publish failed', { post_id: request.postId, attempt: request.attempt, kind, cause: describeFailure(error) });
  if (kind === 'auth') return authExpired();
  // Nothing was sent: the address is refused, and it would be again (docs/decisions/0037-outbound-requests.md).
  if (kind === 'forbidden') return { ok: false, code: 'PLATFORM_REJECTED', message: pdsAddressRefusal(error)!.message, retryable: false };
  if (kind === 'rejected')
    return { ok: false, code: 'PLATFORM_REJECTED', message: `Bluesky refused the post: ${describeFailure(error)}`, retryable: false };
  return {
    ok: false,
    code: 'PLATFORM_UNAVAILABLE',
    message: `Bluesky is unavailable: ${describeFailure(error)}`,
    retryable: true,
    retryAfterSeconds: retryAfterSeconds(error, new Date()), // the PDS's reset time is wall-clock time
  };
}
