import { createHash } from 'node:crypto';
import type { PublishTrigger } from '#shared/domain/publish-timing';
import { textFor } from '#shared/domain/platform-content';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { logger } from '#shared/logger';
import { buildLinkCard, firstLink, type LinkCard } from '#shared/platforms/link-cards/link-card';
import { objectStorage } from '#shared/ports/registry';
import { getPostItem } from '#shared/store/posts';

/**
 * Link cards made before the post's time (docs/decisions/0191-link-cards-prepared-before-the-due-time.md):
 * the page, its image and the thumbnail are fetched and made when the post is released (a minute or
 * two ahead) or queued directly, and kept in object storage under the post, so the publisher's way
 * from the due time to the first platform call reads one object instead of fetching and resizing.
 * A card that could not be made is kept as "no card" too: the publisher then publishes without one,
 * as it always did when the fetch failed, and does not try again at the due time.
 */

/** One prepared card, or the note that the link gives none. */
export type PreparedCard = { card: LinkCard | undefined };

/** Far above a card: a thumbnail (at most 1,000,000 bytes) in base64, plus the texts. */
const MAX_PREPARED_BYTES = 1_500_000;
/** Objects under this prefix expire after 2 days (lib/media-storage.ts): a card outlives its post's publication by far. */
export const PREPARED_CARDS_PREFIX = 'link-cards/';

/** The link whose card this platform's post shows: its text's first link, unless images, a video or the post turned cards off. */
export function cardLinkOf(post: Post, platform: Platform): string | undefined {
  if (post.link_preview === false) return undefined;
  // Images or a video take the card's place (shared/use-cases/publish-post.ts).
  if (post.media?.length) return undefined;
  // So does a LinkedIn document or poll (docs/api.md, "Platform options").
  if (platform === 'linkedin' && (post.platform_options?.linkedin?.document || post.platform_options?.linkedin?.poll)) return undefined;
  return firstLink(textFor(post, platform));
}

export const preparedCardKey = (postId: string, link: string): string =>
  `${PREPARED_CARDS_PREFIX}${postId}/${createHash('sha256').update(link).digest('hex').slice(0, 32)}.json`;

/**
 * Runs a preparation message: makes and keeps the card of each distinct link the post's platforms
 * show. Best effort: a post gone, already published or without a link needs nothing; a failure
 * to keep a card leaves the publisher to make it at the due time, as before.
 */
export async function prepareLinkCards(trigger: PublishTrigger): Promise<void> {
  try {
    const post = await getPostItem(trigger.post_id);
    if (!post || post.status !== 'scheduled') return logger.info('link card preparation: nothing to prepare', { status: post?.status });
    const links = new Set(post.platforms.map((platform) => cardLinkOf(post, platform)).filter((link) => link !== undefined));
    await Promise.all([...links].map((link) => prepareOne(post.id, link)));
  } catch (error) {
    // Never given back to the queue: a preparation is worth one try, the publisher has the fallback.
    logger.warn('link card preparation failed; the publisher makes the card at the due time', { error: error as Error });
  }
}

async function prepareOne(postId: string, link: string): Promise<void> {
  const started = performance.now();
  const card = await buildLinkCard(link);
  try {
    await (await objectStorage()).write(preparedCardKey(postId, link), Buffer.from(JSON.stringify(serialise(card))), 'application/json');
    logger.info('link card prepared', { link, card: card !== undefined, ms: Math.round(performance.now() - started) });
  } catch (error) {
    logger.warn('link card made but not kept; the publisher makes it again at the due time', { link, error: error as Error });
  }
}

/** The card prepared for this post and link; undefined when none was (the publisher then makes it itself). */
export async function preparedCard(postId: string, link: string): Promise<PreparedCard | undefined> {
  try {
    const bytes = await (await objectStorage()).read(preparedCardKey(postId, link), MAX_PREPARED_BYTES);
    return bytes ? deserialise(JSON.parse(bytes.toString('utf8')) as StoredCard) : undefined;
  } catch (error) {
    logger.warn('prepared link card unreadable; making it now', { link, error: error as Error });
    return undefined;
  }
}

interface StoredCard {
  card: { url: string; title: string; description: string; thumbnail?: { base64: string; width: number; height: number } } | null;
}

function serialise(card: LinkCard | undefined): StoredCard {
  if (!card) return { card: null };
  const { thumbnail, ...texts } = card;
  return {
    card: {
      ...texts,
      ...(thumbnail ? { thumbnail: { base64: thumbnail.bytes.toString('base64'), width: thumbnail.width, height: thumbnail.height } } : {}),
    },
  };
}

function deserialise(stored: StoredCard): PreparedCard {
  if (!stored.card) return { card: undefined };
  const { thumbnail, ...texts } = stored.card;
  return {
    card: {
      ...texts,
      ...(thumbnail
        ? {
            thumbnail: {
              bytes: Buffer.from(thumbnail.base64, 'base64'),
              mimeType: 'image/jpeg',
              width: thumbnail.width,
              height: thumbnail.height,
            },
          }
        : {}),
    },
  };
}
