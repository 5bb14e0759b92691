import { logger } from '#shared/logger';
import type { LinkCard } from '#shared/platforms/link-cards/link-card';
import { uploadImage, type ImageUploadContext } from './images';

/**
 * A link card as LinkedIn's `content.article`, its thumbnail uploaded through the Images API
 * first (images.ts). A failed upload just leaves the thumbnail out.
 */
export interface ArticleContext extends ImageUploadContext {
  postId: string;
}

export interface Article {
  source: string;
  title: string;
  description?: string;
  thumbnail?: string;
}

export async function articleFor(card: LinkCard, context: ArticleContext): Promise<Article> {
  const thumbnail = card.thumbnail ? await thumbnailUrn(card.thumbnail.bytes, card.thumbnail.mimeType, context) : undefined;
  return {
    source: card.url,
    title: card.title,
    ...(card.description ? { description: card.description } : {}),
    ...(thumbnail ? { thumbnail } : {}),
  };
}

async function thumbnailUrn(bytes: Buffer, mimeType: string, context: ArticleContext): Promise<string | undefined> {
  try {
    return await uploadImage(bytes, mimeType, context);
  } catch (error) {
    logger.warn('linkedin card thumbnail not uploaded; the card goes without it', {
      post_id: context.postId,
      cause: (error as Error).message,
    });
    return undefined;
  }
}
