import { DomainError } from './errors';
import type { Platform } from './platforms';

/**
 * What a post asks of each platform beyond its text (docs/api.md, "Platform options"):
 * on Bluesky a reply or a quote, reply controls, quotes off, languages and self-labels; on
 * LinkedIn a PDF document or a poll. The schema checks the shapes; checkPlatformOptions the
 * rules across fields. Errors name `platform_options.<platform>.<option>`.
 */
export const REPLY_CONTROLS = ['nobody', 'mentioned', 'followers', 'following'] as const;
export const SELF_LABELS = ['sexual', 'nudity', 'porn', 'graphic-media'] as const;
export const POLL_DURATIONS = ['ONE_DAY', 'THREE_DAYS', 'SEVEN_DAYS', 'FOURTEEN_DAYS'] as const;
export const MAX_LANGS = 3;
export const MAX_POLL_QUESTION = 140;
export const MAX_POLL_OPTION = 30;
export const MIN_POLL_OPTIONS = 2;
export const MAX_POLL_OPTIONS = 4;

export type ReplyControl = (typeof REPLY_CONTROLS)[number];
export type SelfLabel = (typeof SELF_LABELS)[number];
export type PollDuration = (typeof POLL_DURATIONS)[number];

export interface BlueskyOptions {
  /** The post answered: a bsky.app post URL or an at:// URI. */
  reply_to?: string;
  /** The post quoted: a bsky.app post URL or an at:// URI. */
  quote?: string;
  /** Who may reply; absent: everyone. `nobody` stands alone. */
  reply_control?: ReplyControl[];
  /** false: nobody may quote the post (a postgate). */
  quotes_allowed?: boolean;
  /** BCP 47 tags, at most 3. */
  langs?: string[];
  labels?: SelfLabel[];
}

export interface LinkedInDocument {
  /** A ready application/pdf media id (POST /media). */
  media_id: string;
  title: string;
}

export interface LinkedInPoll {
  question: string;
  options: string[];
  duration: PollDuration;
}

export interface LinkedInOptions {
  document?: LinkedInDocument;
  poll?: LinkedInPoll;
}

export interface PlatformOptions {
  bluesky?: BlueskyOptions;
  linkedin?: LinkedInOptions;
}

export const invalidOption = (field: string, why: string): DomainError =>
  new DomainError('INVALID_FIELD', { field }, { message: `Invalid field: ${field} (${why})` });

/**
 * A BCP 47 language tag as atproto's lexicon checks a `language` string (the RFC 5646 grammar:
 * language, script, region, variants, extensions, private use; and the grandfathered `i-` tags).
 * The same rule as the PDS's, so a tag passed here is never refused there.
 */
const BCP47 =
  /^((?<grandfathered>i-[a-z]{3,8})|([a-z]{2,3}(-[a-z]{3}){0,3}|[a-z]{4}|[a-z]{5,8})(-[a-z]{4})?(-([a-z]{2}|\d{3}))?(-([a-z\d]{5,8}|\d[a-z\d]{3}))*(-[\da-wy-z](-[a-z\d]{2,8})+)*(-x(-[a-z\d]{1,8})+)?|x(-[a-z\d]{1,8})+)$/i;

export const isLanguageTag = (tag: string): boolean => BCP47.test(tag);

/** The options a post stores: none when absent or empty (so `{}` removes them on a PATCH). */
export function platformOptionsField(options: PlatformOptions | undefined): { platform_options?: PlatformOptions } {
  const kept = Object.entries(options ?? {}).filter(([, value]) => value && Object.keys(value).length);
  return kept.length ? { platform_options: Object.fromEntries(kept) as PlatformOptions } : {};
}

/**
 * The rules the schema cannot state, for a post going to `platforms` with `mediaCount` images or
 * a video: every key is one of the platforms; on Bluesky `nobody` stands alone, a reply controls no
 * thread of its own (reply controls apply to a thread's root), languages are BCP 47 tags; on
 * LinkedIn a document, a poll and images or a video exclude one another.
 */
export function checkPlatformOptions(platforms: readonly Platform[], options: PlatformOptions | undefined, mediaCount: number): void {
  if (!options) return;
  const stray = Object.keys(options).find((name) => !platforms.includes(name as Platform));
  if (stray !== undefined) throw invalidOption(`platform_options.${stray}`, `${stray} is not one of the post's platforms`);
  if (options.bluesky) checkBluesky(options.bluesky);
  if (options.linkedin) checkLinkedIn(options.linkedin, mediaCount);
}

function checkBluesky(options: BlueskyOptions): void {
  const field = (name: string) => `platform_options.bluesky.${name}`;
  if (options.reply_to !== undefined && options.reply_to === options.quote)
    throw invalidOption(field('quote'), 'a post does not quote the post it answers');
  const controls = new Set(options.reply_control ?? []);
  if (controls.has('nobody') && controls.size > 1)
    throw invalidOption(field('reply_control'), '"nobody" allows no one: it cannot be combined with other rules');
  if (options.reply_control !== undefined && options.reply_to !== undefined)
    throw invalidOption(field('reply_control'), "a reply is in another's thread: reply controls apply to a thread's first post");
  const badTag = options.langs?.find((tag) => !isLanguageTag(tag));
  if (badTag !== undefined) throw invalidOption(field('langs'), `${JSON.stringify(badTag)} is not a BCP 47 language tag`);
}

function checkLinkedIn(options: LinkedInOptions, mediaCount: number): void {
  if (options.document && options.poll)
    throw invalidOption('platform_options.linkedin.poll', 'a LinkedIn post has a document or a poll, not both');
  const which = options.document ? 'document' : options.poll ? 'poll' : undefined;
  if (which && mediaCount > 0)
    throw invalidOption(`platform_options.linkedin.${which}`, `a LinkedIn ${which} post has no images or video (media)`);
  const options_ = options.poll?.options ?? [];
  if (new Set(options_.map((option) => option.trim().toLowerCase())).size !== options_.length)
    throw invalidOption('platform_options.linkedin.poll', 'the poll options must differ from one another');
}
