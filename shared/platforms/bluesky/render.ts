import { detectOffline, mentionHandle, type OfflineRichText } from './rich-text';
import { graphemeCount, splitThread } from './thread-split';

/**
 * What the Bluesky adapter will write for a text, computed without any network call: the
 * thread parts (the splitter's), each with its grapheme count and its offline facets (links
 * and hashtags). The publisher writes exactly these parts, adding the mentions it resolves;
 * the preview shows them with a warning per mention, since resolving needs the network.
 */
export interface RenderedPart extends OfflineRichText {
  graphemes: number;
}

export interface BlueskyRendering {
  parts: RenderedPart[];
  warnings: string[];
}

export function renderBlueskyPart(text: string): RenderedPart {
  const offline = detectOffline(text);
  return { ...offline, graphemes: graphemeCount(offline.text) };
}

export const renderBlueskyThread = (text: string): RenderedPart[] => splitThread(text).map(renderBlueskyPart);

/** The parts plus what the author should know before publishing them. */
export function renderBluesky(text: string): BlueskyRendering {
  const parts = renderBlueskyThread(text);
  const warnings: string[] = [];
  if (parts.length > 1)
    warnings.push(`bluesky: the text is longer than one post (300 graphemes) and goes out as a thread of ${parts.length} posts`);
  for (const handle of new Set(parts.flatMap((part) => part.mentions.map(mentionHandle)))) {
    warnings.push(
      `bluesky: @${handle} cannot be checked before publishing; it becomes a mention only if the handle resolves then, else it stays plain text`,
    );
  }
  for (const link of cutLinks(text, parts)) {
    warnings.push(`bluesky: the link ${link} is longer than what fits around a split and is cut between two posts of the thread`);
  }
  return { parts, warnings };
}

/** Links of the whole text that no single part holds whole (the splitter cuts one only when it must). */
function cutLinks(text: string, parts: RenderedPart[]): string[] {
  if (parts.length < 2) return [];
  const bytes = Buffer.from(text, 'utf8');
  const links = detectOffline(text)
    .facets.filter((facet) => facet.features.some((feature) => feature.$type === 'app.bsky.richtext.facet#link'))
    .map((facet) => bytes.subarray(facet.index.byteStart, facet.index.byteEnd).toString('utf8'));
  return [...new Set(links)].filter((link) => !parts.some((part) => part.text.includes(link)));
}
