import { config } from '#shared/config';
import { authorizationServerMetadata, protectedResourceMetadata } from '#shared/oauth/metadata';

/**
 * The discovery documents under /.well-known (docs/api.md, "Connecting an agent with OAuth"):
 * RFC 9728's protected-resource metadata (at the bare name and with the resource's path, /mcp) and
 * RFC 8414's authorization-server metadata, all from PUBLIC_BASE_URL.
 */
export const protectedResourceDocument = (): Record<string, unknown> => protectedResourceMetadata(config.publicBaseUrl);

export const authorizationServerDocument = (): Record<string, unknown> => authorizationServerMetadata(config.publicBaseUrl);
