import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import { invalidOption, type BlueskyOptions } from '#shared/domain/platform-options';
import type { BlueskyRefs } from '#shared/domain/platform-options-refs';
import { publicXrpc, XrpcUnavailable } from '#shared/platforms/bluesky/public-xrpc';
import { resolveRefs } from '#shared/platforms/bluesky/resolve-post';
import { getProfileItem } from '#shared/store/profiles';

/**
 * The strong references of the posts a post answers and quotes (docs/api.md, "Platform options"),
 * read through the account's Bluesky PDS (the service's when none is connected yet), unauthenticated:
 * INVALID_FIELD naming the option when a post is not there or may not be quoted.
 */
export async function resolveBlueskyRefs(accountId: string, options: BlueskyOptions): Promise<BlueskyRefs> {
  if (options.reply_to === undefined && options.quote === undefined) return {};
  const profile = await getProfileItem(accountId, 'bluesky');
  let resolved;
  try {
    resolved = await resolveRefs(publicXrpc(profile?.service ?? config.bluesky.serviceUrl), options);
  } catch (error) {
    if (error instanceof XrpcUnavailable)
      throw new DomainError(
        'SERVICE_UNAVAILABLE',
        {},
        { message: 'Bluesky could not be asked about the posts answered or quoted; try again' },
      );
    throw error;
  }
  if ('field' in resolved) throw invalidOption(`platform_options.bluesky.${resolved.field}`, resolved.why);
  return resolved.refs;
}
