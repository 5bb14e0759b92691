import { randomBytes } from 'node:crypto';
import type { Platform } from './platforms';

/**
 * Tracked links (docs/api.md, "Tracked links"): each http(s) link of a post that tracks its links
 * goes out as `{PUBLIC_BASE_URL}/l/{code}`, which answers 302 to the original with UTM parameters
 * and counts the click. The rules here are pure; keys, rendering and counting live above.
 */

/** 12 base62 characters: 71 bits, so codes cannot be guessed or walked (docs/decisions/0275-tracked-link-codes.md). */
export const CODE_LENGTH = 12;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it are dropped, so every character is equally likely. */
const UNBIASED_LIMIT = 248;

/** A new random code from the operating system's CSPRNG. */
export function newLinkCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(CODE_LENGTH * 2)) {
      if (byte < UNBIASED_LIMIT && code.length < CODE_LENGTH) code += ALPHABET[byte % 62];
    }
  }
  return code;
}

const CODE = new RegExp(`^[0-9A-Za-z]{${CODE_LENGTH}}$`);
/** Whether a path segment can be a code at all: anything else is answered 404 without a store read. */
export const isLinkCode = (value: string | undefined): value is string => typeof value === 'string' && CODE.test(value);

/** The short link of a code on the service's own domain. */
export const shortLinkUrl = (publicBaseUrl: string, code: string): string => `${publicBaseUrl.replace(/\/+$/, '')}/l/${code}`;

/** The campaign a post's links carry: the post's own, else the account's setting, else none. */
export const campaignOf = (postCampaign: string | undefined, settingCampaign: string | null | undefined): string | undefined =>
  postCampaign || settingCampaign || undefined;

/**
 * Where a short link sends the browser: the original with `utm_source` (the platform), `utm_medium=social`
 * and `utm_campaign` when there is one. A parameter the link already has is never overridden: the author
 * chose it. The fragment stays where it was.
 */
export function utmTarget(original: string, platform: Platform, campaign: string | undefined): string {
  const url = new URL(original);
  const add = (name: string, value: string | undefined) => {
    if (value !== undefined && !url.searchParams.has(name)) url.searchParams.append(name, value);
  };
  add('utm_source', platform);
  add('utm_medium', 'social');
  add('utm_campaign', campaign);
  return url.toString();
}

/**
 * User agents whose fetches are not clicks: the platforms' card and preview fetchers and the search
 * engines' crawlers (docs/decisions/0277-crawlers-not-counted.md). Matched case-insensitively anywhere
 * in the header; the generic words catch the long tail (most bots name themselves so).
 */
export const CRAWLER_PATTERNS: readonly string[] = [
  'cardyb', // Bluesky's card fetcher
  'linkedinbot',
  'twitterbot',
  'facebookexternalhit',
  'facebookcatalog',
  'slackbot',
  'slack-imgproxy',
  'discordbot',
  'telegrambot',
  'whatsapp',
  'googlebot',
  'bingbot',
  'applebot',
  'embedly',
  'bot',
  'crawler',
  'spider',
  'preview',
];

const CRAWLER = new RegExp(CRAWLER_PATTERNS.map((word) => word.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')).join('|'), 'i');

/** Whether a request is a crawler's or preview fetcher's (no user agent at all counts as one: browsers always send it). */
export const isCrawler = (userAgent: string | undefined): boolean => !userAgent?.trim() || CRAWLER.test(userAgent);
