import { Parser } from 'htmlparser2';

/**
 * A page's card metadata: Open Graph first (og:title, og:description, og:image), then Twitter
 * cards, then the HTML <title> and description. Parsed with htmlparser2 (entities decoded, broken
 * markup tolerated), reading stops at </head> or the first <body>. The bytes are decoded with the
 * charset the response declares, else the one a <meta> in the first 1024 bytes declares, else
 * UTF-8 (the WHATWG order, without sniffing).
 */
export interface PageMetadata {
  title?: string;
  description?: string;
  /** Absolute URL of the image, resolved against the page. */
  image?: string;
}

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 1000;

export function pageMetadata(body: Buffer, contentType: string | undefined, pageUrl: string): PageMetadata {
  const html = decode(body, charsetOf(contentType) ?? metaCharset(body));
  const found: Record<string, string> = {};
  let inTitle = false;
  let title = '';
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') done = true;
        if (name === 'title') inTitle = true;
        if (name !== 'meta') return;
        const key = (attributes.property ?? attributes.name ?? '').toLowerCase().trim();
        const content = attributes.content;
        if (key && content !== undefined && found[key] === undefined) found[key] = content;
      },
      ontext(text) {
        if (inTitle && !done) title += text;
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const pick = (...keys: string[]) => keys.map((key) => clean(found[key])).find((value) => value);
  const image = pick('og:image:secure_url', 'og:image', 'og:image:url', 'twitter:image', 'twitter:image:src');
  return dropEmpty({
    title: limit(pick('og:title', 'twitter:title') ?? clean(title), MAX_TITLE),
    description: limit(pick('og:description', 'twitter:description', 'description'), MAX_DESCRIPTION),
    image: image ? absolute(image, pageUrl) : undefined,
  });
}

function charsetOf(contentType: string | undefined): string | undefined {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? '')?.[1];
}

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}

function decode(body: Buffer, charset: string | undefined): string {
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    // An unknown label: UTF-8, replacing what does not decode.
    decoder = new TextDecoder('utf-8');
  }
  const text = decoder.decode(body);
  // Some Node.js versions decode windows-1252 (which the labels latin1, iso-8859-1 and ascii also
  // mean, per WHATWG) as ISO-8859-1, leaving 0x80-0x9F as C1 controls instead of “ ” € and the like.
  return decoder.encoding === 'windows-1252'
    ? text.replace(/[\u0080-\u009f]/g, (c1: string) => WINDOWS_1252_C1[c1.charCodeAt(0) - 0x80] ?? c1)
    : text;
}

/** windows-1252's characters at 0x80-0x9F (the five undefined bytes stay as they are). */
const WINDOWS_1252_C1 = [
  '\u20ac',
  undefined,
  '\u201a',
  '\u0192',
  '\u201e',
  '\u2026',
  '\u2020',
  '\u2021',
  '\u02c6',
  '\u2030',
  '\u0160',
  '\u2039',
  '\u0152',
  undefined,
  '\u017d',
  undefined,
  undefined,
  '\u2018',
  '\u2019',
  '\u201c',
  '\u201d',
  '\u2022',
  '\u2013',
  '\u2014',
  '\u02dc',
  '\u2122',
  '\u0161',
  '\u203a',
  '\u0153',
  undefined,
  '\u017e',
  '\u0178',
];

const clean = (value: string | undefined): string | undefined => value?.replace(/\s+/g, ' ').trim() || undefined;

const limit = (value: string | undefined, max: number): string | undefined =>
  value === undefined ? undefined : [...value].length > max ? `${[...value].slice(0, max - 1).join('')}…` : value;

function absolute(url: string, base: string): string | undefined {
  try {
    return new URL(url, base).toString();
  } catch {
    return undefined;
  }
}

const dropEmpty = (metadata: PageMetadata): PageMetadata =>
  Object.fromEntries(Object.entries(metadata).filter(([, value]) => value !== undefined)) as PageMetadata;
