/**
 * LinkedIn's "little" text format, used by the Posts API's `commentary`. Characters it
 * reserves for its elements must be backslash-escaped to appear as written; LinkedIn cuts a
 * post at the first one left unescaped (the API still answers 201), so escaping is not
 * cosmetic. Hashtags are sent as the explicit hashtag template so they stay clickable
 * whatever follows them.
 */
const RESERVED = '\\|{}@[]()<>#*_~';
const isReserved = (char: string | undefined): boolean => char !== undefined && RESERVED.includes(char);

const WORD = '[\\p{L}\\p{M}\\p{N}_]';
/**
 * A hashtag: `#` at a word start, then word characters with at least one letter, so that
 * "#1" or "#2024" stay plain text (people write "#1 priority" meaning "number one").
 * A reserved character alone (the second branch) is escaped.
 */
const TOKEN = new RegExp(`(?<!${WORD})#(${WORD}*\\p{L}${WORD}*)|[\\\\|{}@\\[\\]()<>#*_~]`, 'gu');
/** URLs keep their `#fragment` as text: a hashtag template inside a link would break it. */
const URL_PATTERN = /\bhttps?:\/\/\S+/giu;

const escapeChars = (text: string): string => text.replace(/[\\|{}@[\]()<>#*_~]/g, (char) => `\\${char}`);

/** Plain text → little text that LinkedIn shows exactly as the input, hashtags clickable. */
export function escapeLittleText(text: string): string {
  const urls = [...text.matchAll(URL_PATTERN)].map((match) => [match.index, match.index + match[0].length]);
  const insideUrl = (offset: number) => urls.some(([start, end]) => offset >= start && offset < end);
  return text.replace(TOKEN, (match: string, tag: string | undefined, offset: number) => {
    if (tag === undefined) return `\\${match}`;
    if (insideUrl(offset)) return escapeChars(match);
    return `{hashtag|\\#|${escapeChars(tag)}}`;
  });
}

export interface ParsedLittleText {
  /** The text as LinkedIn shows it. */
  text: string;
  /** Clickable hashtags, without their `#`. */
  hashtags: string[];
  /** False when LinkedIn would cut the text at an unescaped reserved character. */
  complete: boolean;
}

const HASHTAG_TEMPLATE = /\{hashtag\|\\#\|((?:\\[\\|{}@[\]()<>#*_~]|[^\\|{}@[\]()<>#*_~])+)\}/uy;
const HASHTAG_ELEMENT = /#([\p{L}\p{M}\p{N}]+)/uy;
const MENTION_ELEMENT = /@\[((?:\\[\\|{}@[\]()<>#*_~]|[^\\|{}@[\]()<>#*_~])+)\]\((urn:li:[a-zA-Z]+:[^()\s]+)\)/uy;

const unescapeChars = (text: string): string => text.replace(/\\(.)/gu, '$1');

/**
 * Reads little text the way LinkedIn displays it: escapes resolved, hashtag templates and
 * elements shown as `#word`, mentions as the name, and the text cut at the first reserved
 * character that starts no element (as LinkedIn silently does). Used by the fake LinkedIn
 * and the tests to check that a post appears as written.
 */
export function parseLittleText(little: string): ParsedLittleText {
  let text = '';
  const hashtags: string[] = [];
  let index = 0;
  const at = (pattern: RegExp): RegExpExecArray | null => {
    pattern.lastIndex = index;
    return pattern.exec(little);
  };
  while (index < little.length) {
    const char = little[index];
    if (!isReserved(char)) {
      text += char;
      index += 1;
      continue;
    }
    let match: RegExpExecArray | null = null;
    if (char === '\\' && isReserved(little[index + 1])) {
      text += little[index + 1];
      index += 2;
      continue;
    }
    if (char === '{' && (match = at(HASHTAG_TEMPLATE))) {
      hashtags.push(unescapeChars(match[1]));
      text += `#${hashtags[hashtags.length - 1]}`;
    } else if (char === '#' && (match = at(HASHTAG_ELEMENT))) {
      hashtags.push(match[1]);
      text += `#${match[1]}`;
    } else if (char === '@' && (match = at(MENTION_ELEMENT))) {
      text += unescapeChars(match[1]);
    } else {
      return { text, hashtags, complete: false };
    }
    index += match[0].length;
  }
  return { text, hashtags, complete: true };
}

/** The text LinkedIn shows for a little-text commentary (the inverse of escapeLittleText). */
export const renderLittleText = (little: string): string => parseLittleText(little).text;
