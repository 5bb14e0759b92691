import { OAUTH_SCOPES } from './scopes';

/**
 * The discovery documents (contract section 18), all from PUBLIC_BASE_URL: the protected resource
 * (RFC 9728) is the MCP endpoint, and this service is its own authorization server (RFC 8414).
 */
export const mcpResource = (baseUrl: string): string => `${baseUrl}/mcp`;

export const mcpResourceMetadataUrl = (baseUrl: string): string => `${baseUrl}/.well-known/oauth-protected-resource/mcp`;

export function protectedResourceMetadata(baseUrl: string) {
  return {
    resource: mcpResource(baseUrl),
    authorization_servers: [baseUrl],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ['header'],
  };
}

export function authorizationServerMetadata(baseUrl: string) {
  return {
    issuer: baseUrl,
    authorization_endpoint: `${baseUrl}/oauth/authorize`,
    token_endpoint: `${baseUrl}/oauth/token`,
    registration_endpoint: `${baseUrl}/oauth/register`,
    revocation_endpoint: `${baseUrl}/oauth/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    revocation_endpoint_auth_methods_supported: ['none'],
    client_id_metadata_document_supported: true,
  };
}

/** The WWW-Authenticate value of a 401 from /mcp (RFC 9728 section 5.1). */
export const mcpChallenge = (baseUrl: string): string => `Bearer resource_metadata="${mcpResourceMetadataUrl(baseUrl)}"`;
