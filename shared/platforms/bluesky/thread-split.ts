import { detectOffline } from './rich-text';

/**
 * Splits a text longer than one Bluesky post into thread parts. Each part is at most 300
 * graphemes and 3000 UTF-8 bytes (the post record's limits). A cut goes, in this order of
 * preference, at a paragraph break, a sentence end, whitespace, or a word boundary
 * (Intl.Segmenter: CJK has no spaces), and never inside a link, mention or hashtag unless
 * one of them alone is longer than a post. Whitespace at a cut is dropped; nothing else is.
 */
export const MAX_GRAPHEMES = 300;
export const MAX_BYTES = 3000;

export interface SplitLimits {
  graphemes: number;
  bytes: number;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const words = new Intl.Segmenter(undefined, { granularity: 'word' });

export const graphemeCount = (text: string): number => [...graphemes.segment(text)].length;

/** Prefer a natural break only when it fills at least this share of a part (no tiny parts). */
const MIN_FILL = 0.5;

interface Span {
  start: number;
  end: number;
}

/** Links, mentions and hashtags as the Bluesky rich-text detector sees them (UTF-16 ranges). */
function protectedSpans(text: string): Span[] {
  const { facets, mentions } = detectOffline(text);
  const bytes = Buffer.from(text, 'utf8');
  const toIndex = (byte: number) => bytes.subarray(0, byte).toString('utf8').length;
  return [...facets, ...mentions].map((facet) => ({ start: toIndex(facet.index.byteStart), end: toIndex(facet.index.byteEnd) }));
}

/** Grapheme boundaries (UTF-16 indices) of the longest prefix within the limits. */
function boundariesWithin(text: string, limits: SplitLimits): number[] {
  const boundaries: number[] = [0];
  let bytes = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    bytes += Buffer.byteLength(segment, 'utf8');
    // Always at least one grapheme, even a pathological one over the byte limit: progress first.
    if (boundaries.length > 1 && (boundaries.length > limits.graphemes || bytes > limits.bytes)) break;
    boundaries.push(index + segment.length);
  }
  return boundaries;
}

function* matchEnds(text: string, pattern: RegExp, offset: (match: RegExpExecArray) => number): Generator<number> {
  for (const match of text.matchAll(pattern)) yield (match.index ?? 0) + offset(match as RegExpExecArray);
}

/** Candidate cut positions, best kind first; each list in text order. */
function candidates(window: string): number[][] {
  const paragraphs = [...matchEnds(window, /\n[^\S\n]*\n/g, () => 0)];
  const sentences = [...matchEnds(window, /[.!?…]+["'”’)\]]*(?=\s)|[。！？]+[」』）]*/gu, (match) => match[0].length)];
  const spaces = [...matchEnds(window, /\s+/g, () => 0)];
  const wordBoundaries = [...words.segment(window)].map(({ index }) => index);
  return [paragraphs, sentences, spaces, wordBoundaries];
}

function chooseCut(text: string, limits: SplitLimits): number {
  const boundaries = boundariesWithin(text, limits);
  const limit = boundaries[boundaries.length - 1];
  const isBoundary = new Set(boundaries);
  const spans = protectedSpans(text);
  // A cut at `limit` itself is fine when what follows starts a new word.
  const window = text.slice(0, limit + 1);
  const allowed = (cut: number) =>
    cut > 0 &&
    cut <= limit &&
    isBoundary.has(cut) &&
    text.slice(0, cut).trim() !== '' &&
    !spans.some((span) => cut > span.start && cut < span.end);
  const kinds = candidates(window);
  const minimum = Math.floor(limit * MIN_FILL);
  for (const floor of [minimum, 1]) {
    for (const kind of kinds) {
      const best = kind.filter((cut) => cut >= floor && allowed(cut)).pop();
      if (best !== undefined) return best;
    }
  }
  // No word boundary outside a link (a link longer than a post): cut where we must.
  return boundaries.filter(allowed).pop() ?? limit;
}

const fits = (text: string, limits: SplitLimits) =>
  Buffer.byteLength(text, 'utf8') <= limits.bytes && graphemeCount(text) <= limits.graphemes;

/** The text as thread parts (one part when it fits a single post). */
export function splitThread(text: string, limits: SplitLimits = { graphemes: MAX_GRAPHEMES, bytes: MAX_BYTES }): string[] {
  const parts: string[] = [];
  let rest = text;
  while (!fits(rest, limits)) {
    const cut = chooseCut(rest, limits);
    parts.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest.trim() !== '' || parts.length === 0) parts.push(rest);
  return parts;
}
