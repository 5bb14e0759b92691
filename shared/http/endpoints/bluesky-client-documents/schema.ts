import type { Schema } from '#shared/http/validation';

/**
 * GET /oauth/bluesky/client-metadata.json and /jwks.json take no query parameters: one given is
 * INVALID_FIELD, as on every other route (a PDS fetches the plain URL, which is the client id).
 */
export const blueskyClientDocumentQuerySchema: Schema = { type: 'object', additionalProperties: false, properties: {} };
