import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import { authorizationServerMetadata, protectedResourceMetadata } from '#shared/oauth/metadata';

/**
 * The discovery documents under /.well-known (docs/api.md, "Connecting an agent with OAuth"):
 * RFC 9728's protected-resource metadata (at the bare name and with the resource's path, /mcp) and
 * RFC 8414's authorization-server metadata. Anything else there is NOT_FOUND, as an unknown route.
 */
export function wellKnownDocument(document: string | undefined): Record<string, unknown> {
  if (document === 'oauth-protected-resource') return protectedResourceMetadata(config.publicBaseUrl);
  if (document === 'oauth-authorization-server') return authorizationServerMetadata(config.publicBaseUrl);
  throw new DomainError('NOT_FOUND');
}

export function resourceMetadataDocument(resource: string | undefined): Record<string, unknown> {
  if (resource === 'mcp') return protectedResourceMetadata(config.publicBaseUrl);
  throw new DomainError('NOT_FOUND');
}
