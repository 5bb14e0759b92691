import { logger } from '#shared/logger';
import type { LinkCard } from '#shared/platforms/link-cards/link-card';
import { linkedinRequest } from './http';

/**
 * A link card as LinkedIn's `content.article`, its thumbnail uploaded through the Images API
 * first (initializeUpload for the member, then a PUT of the bytes to the returned URL). Nothing
 * here is a post yet, so any failure of the upload just leaves the thumbnail out.
 */
export interface ArticleContext {
  apiBaseUrl: string;
  apiVersion: string;
  timeoutMs: number;
  accessToken: string;
  owner: string;
  postId: string;
}

export interface Article {
  source: string;
  title: string;
  description?: string;
  thumbnail?: string;
}

export async function articleFor(card: LinkCard, context: ArticleContext): Promise<Article> {
  const thumbnail = card.thumbnail ? await uploadImage(card.thumbnail.bytes, card.thumbnail.mimeType, context) : undefined;
  return { source: card.url, title: card.title, ...(card.description ? { description: card.description } : {}), ...(thumbnail ? { thumbnail } : {}) };
}

async function uploadImage(bytes: Buffer, mimeType: string, context: ArticleContext): Promise<string | undefined> {
  const headers = {
    authorization: `Bearer ${context.accessToken}`,
    'linkedin-version': context.apiVersion,
    'x-restli-protocol-version': '2.0.0',
  };
  try {
    const initialized = await linkedinRequest(`${context.apiBaseUrl}/rest/images?action=initializeUpload`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ initializeUploadRequest: { owner: context.owner } }),
      timeoutMs: context.timeoutMs,
    });
    const value = (JSON.parse(initialized.body) as { value?: { uploadUrl?: unknown; image?: unknown } }).value;
    if (initialized.status !== 200 || typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') {
      throw new Error(`initializeUpload answered ${initialized.status}`);
    }
    const uploaded = await linkedinRequest(value.uploadUrl, {
      method: 'PUT',
      headers: { authorization: headers.authorization, 'content-type': mimeType },
      body: bytes,
      timeoutMs: context.timeoutMs,
    });
    if (uploaded.status < 200 || uploaded.status > 299) throw new Error(`the image upload answered ${uploaded.status}`);
    return value.image;
  } catch (error) {
    logger.warn('linkedin card thumbnail not uploaded; the card goes without it', { post_id: context.postId, cause: (error as Error).message });
    return undefined;
  }
}
