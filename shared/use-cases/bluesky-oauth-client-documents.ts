import { DomainError } from '#shared/domain/errors';
import { BlueskyOAuthNotConfigured, blueskyClientJwks, blueskyClientMetadata } from '#shared/platforms/bluesky/oauth-client';

/**
 * What a PDS reads about the service as an OAuth client (docs/api.md, "Connecting Bluesky with
 * OAuth"): its client metadata document and the public half of its signing key.
 */
export const blueskyClientMetadataDocument = (): Record<string, unknown> => ({ ...blueskyClientMetadata() });

export async function blueskyClientKeySet(): Promise<{ keys: unknown[] }> {
  try {
    return await blueskyClientJwks();
  } catch (error) {
    if (error instanceof BlueskyOAuthNotConfigured) throw new DomainError('SERVICE_UNAVAILABLE', {}, { message: error.message });
    throw error;
  }
}
