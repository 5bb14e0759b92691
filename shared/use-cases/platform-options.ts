import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import { isDocumentType } from '#shared/domain/media-types';
import { toMediaView, type PostMedia } from '#shared/domain/media-view';
import {
  checkPlatformOptions,
  invalidOption,
  platformOptionsField,
  type BlueskyOptions,
  type PlatformOptions,
} from '#shared/domain/platform-options';
import type { BlueskyRefs, ResolvedPlatformOptions } from '#shared/domain/platform-options-refs';
import type { Platform } from '#shared/domain/platforms';
import type { Post } from '#shared/domain/post';
import { createAgent } from '#shared/platforms/bluesky/agent';
import { PostLookupUnavailable, resolveRefs } from '#shared/platforms/bluesky/resolve-post';
import { clock } from '#shared/ports/clock';
import { getMedia } from '#shared/store/media';
import { getProfileItem } from '#shared/store/profiles';

/**
 * A post's platform options made ready to keep (docs/api.md, "Platform options"): the rules across
 * fields, the LinkedIn document's media found (MEDIA_NOT_FOUND, INVALID_MEDIA not_ready / not_a_pdf),
 * and, when `resolve` (not for a draft, which the publisher resolves when it goes out), the Bluesky
 * posts answered or quoted looked up: INVALID_FIELD when one does not exist or may not be quoted.
 */
export interface PreparedOptions extends ResolvedPlatformOptions {
  platform_options?: PlatformOptions;
}

export async function preparePlatformOptions(
  accountId: string,
  platforms: readonly Platform[],
  options: PlatformOptions | undefined,
  mediaCount: number,
  resolve: boolean,
): Promise<PreparedOptions> {
  checkPlatformOptions(platforms, options, mediaCount);
  const { platform_options: kept } = platformOptionsField(options);
  if (!kept) return {};
  const document = kept.linkedin?.document ? await findDocument(accountId, kept.linkedin.document.media_id) : undefined;
  const refs = resolve && kept.bluesky ? await resolveBlueskyRefs(accountId, kept.bluesky) : undefined;
  return {
    platform_options: kept,
    ...(refs && Object.keys(refs).length ? { bluesky_refs: refs } : {}),
    ...(document ? { linkedin_document: document } : {}),
  };
}

/** The document's media: this account's, ready, a PDF. */
async function findDocument(accountId: string, mediaId: string): Promise<PostMedia> {
  const id = mediaId.toLowerCase();
  const media = /^[0-9a-f-]{36}$/.test(id) ? await getMedia(accountId, id, clock.now()) : undefined;
  if (!media) throw new DomainError('MEDIA_NOT_FOUND', {}, { message: `Media ${mediaId} not found` });
  if (!isDocumentType(media.content_type))
    throw new DomainError('INVALID_MEDIA', { reason: 'not_a_pdf' }, { message: `Media ${id} is not a PDF: a LinkedIn document is` });
  if (media.status !== 'ready' || !media.variants)
    throw new DomainError(
      'INVALID_MEDIA',
      { reason: 'not_ready' },
      { message: `Media ${id} is not ready: call POST /media/{id}/complete after the upload` },
    );
  return { ...toMediaView(media), expires_at: null, variants: media.variants };
}

/** The strong references of the posts answered and quoted, read through the account's Bluesky PDS. */
export async function resolveBlueskyRefs(accountId: string, options: BlueskyOptions): Promise<BlueskyRefs> {
  if (options.reply_to === undefined && options.quote === undefined) return {};
  const profile = await getProfileItem(accountId, 'bluesky');
  let resolved;
  try {
    resolved = await resolveRefs(createAgent(profile?.service ?? config.bluesky.serviceUrl), options);
  } catch (error) {
    if (error instanceof PostLookupUnavailable)
      throw new DomainError('SERVICE_UNAVAILABLE', {}, { message: 'Bluesky could not be asked about the posts answered or quoted; try again' });
    throw error;
  }
  if ('field' in resolved) throw invalidOption(`platform_options.bluesky.${resolved.field}`, resolved.why);
  return resolved.refs;
}

/**
 * A post's platform options after a PATCH (docs/api.md, "Platform options"): `platform_options`
 * sent replaces them as a whole ({} removes them) and is prepared as on creation; absent, the
 * post's are kept, less those of platforms removed, and checked again against the edited media.
 */
export async function editedPlatformOptions(
  accountId: string,
  post: Post,
  sent: PlatformOptions | undefined,
  platforms: readonly Platform[],
  mediaCount: number,
  resolve: boolean,
): Promise<PreparedOptions> {
  if (sent !== undefined) return preparePlatformOptions(accountId, platforms, sent, mediaCount, resolve);
  const kept = Object.fromEntries(
    Object.entries(post.platform_options ?? {}).filter(([platform]) => platforms.includes(platform as Platform)),
  ) as PlatformOptions;
  checkPlatformOptions(platforms, kept, mediaCount);
  const { platform_options: options } = platformOptionsField(kept);
  return {
    ...(options ? { platform_options: options } : {}),
    ...(options?.bluesky && post.bluesky_refs ? { bluesky_refs: post.bluesky_refs } : {}),
    ...(options?.linkedin?.document && post.linkedin_document ? { linkedin_document: post.linkedin_document } : {}),
  };
}
