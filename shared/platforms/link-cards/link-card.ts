import { config } from '#shared/config';
import { safeFetch, type SafeFetchOptions } from '#shared/http-client/safe-fetch';
import { logger } from '#shared/logger';
import { detectOffline } from '#shared/platforms/bluesky/rich-text';
import { pageMetadata } from './page-metadata';
import { makeThumbnailInBox } from '#shared/media/boxed';
import type { Thumbnail } from './thumbnail';

/**
 * The card of a post's first link (docs/api.md, "Per-platform text, preview and link cards"), built at publish time from the page's
 * metadata: everything through the SSRF-safe client, 5 s for page and image together, at most
 * 1 MB of HTML (the metadata sits in the head; what the first megabyte holds is used) and 3
 * redirects each checked again. Any failure means no card (or no thumbnail), never a failed or
 * later post than the timeout.
 */
export interface LinkCard {
  url: string;
  title: string;
  description: string;
  thumbnail?: Thumbnail;
}

export const CARD_TIMEOUT_MS = 5_000;
const MAX_HTML_BYTES = 1024 * 1024;
const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_REDIRECTS = 3;

/** The first link of a text, as Bluesky's own detection finds it (the same link the facets make clickable). */
export function firstLink(text: string): string | undefined {
  for (const facet of detectOffline(text).facets) {
    const link = facet.features.find((feature) => feature.$type === 'app.bsky.richtext.facet#link') as { uri?: string } | undefined;
    if (link?.uri) return link.uri;
  }
  return undefined;
}

export async function buildLinkCard(url: string): Promise<LinkCard | undefined> {
  const deadline = Date.now() + CARD_TIMEOUT_MS;
  const fetchOptions = (maxBytes: number, accept: string): SafeFetchOptions => ({
    timeoutMs: Math.max(1, deadline - Date.now()),
    maxBytes,
    maxRedirects: MAX_REDIRECTS,
    local: config.local,
    headers: { accept },
  });
  let page;
  try {
    page = await safeFetch(url, fetchOptions(MAX_HTML_BYTES, 'text/html,application/xhtml+xml'));
  } catch (error) {
    logger.info('no link card: the page could not be fetched', {
      link: url,
      reason: (error as { reason?: string }).reason ?? (error as Error).message,
    });
    return undefined;
  }
  const contentType = String(page.headers['content-type'] ?? '');
  if (page.status < 200 || page.status > 299 || !/html/i.test(contentType)) {
    logger.info('no link card: not an HTML page', { link: url, status: page.status, content_type: contentType });
    return undefined;
  }
  const metadata = pageMetadata(page.body, contentType, page.url);
  const card: LinkCard = { url, title: metadata.title ?? new URL(page.url).hostname, description: metadata.description ?? '' };
  if (metadata.image) {
    try {
      const image = await safeFetch(metadata.image, fetchOptions(MAX_IMAGE_BYTES, 'image/*'));
      if (image.status >= 200 && image.status < 300 && !image.truncated) card.thumbnail = await makeThumbnailInBox(image.body);
    } catch (error) {
      logger.info('link card without thumbnail', {
        link: url,
        image: metadata.image,
        reason: (error as { reason?: string }).reason ?? (error as Error).message,
      });
    }
  }
  return card;
}
