import { detectOffline } from './bluesky/rich-text';

/**
 * The links of a text that tracking replaces (docs/api.md, "Tracked links"): those written with
 * http:// or https://, found by Bluesky's own detection, so the span replaced is exactly the span
 * Bluesky makes clickable (trailing punctuation excluded). Bare domains ("example.com") are left
 * alone: the author did not write a link to follow.
 */
export interface TextLink {
  url: string;
  /** UTF-8 byte range in the text (what the detector gives). */
  byteStart: number;
  byteEnd: number;
}

const LINK = 'app.bsky.richtext.facet#link';
const WRITTEN_AS_LINK = /^https?:\/\//i;

export function trackableLinks(text: string): TextLink[] {
  const bytes = Buffer.from(text, 'utf8');
  return detectOffline(text).facets.flatMap((facet) => {
    const isLink = facet.features.some((feature) => feature.$type === LINK);
    const written = bytes.subarray(facet.index.byteStart, facet.index.byteEnd).toString('utf8');
    return isLink && WRITTEN_AS_LINK.test(written)
      ? [{ url: written, byteStart: facet.index.byteStart, byteEnd: facet.index.byteEnd }]
      : [];
  });
}

/** The text with each trackable link replaced by its short link (`shortFor` maps an original to it). */
export function rewriteLinks(text: string, shortFor: (url: string) => string | undefined): string {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  let at = 0;
  for (const link of trackableLinks(text)) {
    const short = shortFor(link.url);
    if (short === undefined) continue;
    pieces.push(bytes.subarray(at, link.byteStart), Buffer.from(short, 'utf8'));
    at = link.byteEnd;
  }
  pieces.push(bytes.subarray(at));
  return Buffer.concat(pieces).toString('utf8');
}
