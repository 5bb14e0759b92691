import { authorizeBlueskySchema } from '#shared/http/endpoints/authorize-bluesky/schema';
import { blueskyClientDocumentQuerySchema } from '#shared/http/endpoints/bluesky-client-documents/schema';
import type { OperationEntry } from '../operation';

/**
 * Connecting Bluesky with atproto OAuth (docs/api.md, "Connecting Bluesky with OAuth"): the start
 * of an authorization, the browser's two stops (our start URL and the callback), and the client
 * metadata and keys a PDS reads about the service.
 */
const oauthProfile = {
  id: '0b6f3c52-8d7e-4f3a-9c1b-2d4e6f8a0b1c',
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  display_name: 'Alice',
  platform_user_id: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
  connected_at: '2026-11-20T09:30:00.000Z',
  expires_at: null,
  needs_reconnect: false,
  author: { type: 'member', id: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz', name: 'Alice' },
  auth: 'oauth',
};

const parameter = (name: string, description: string) => ({ name, description, schema: { type: 'string' } });

export const blueskyOAuthOperations: Record<string, OperationEntry> = {
  'authorize-bluesky': {
    method: 'POST',
    path: '/profiles/bluesky/authorize',
    dashboardPath: '/dashboard/api/profiles/bluesky/authorize',
    auth: 'api-key',
    scope: 'admin',
    deadline: 'outbound',
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
    tag: 'Profiles',
    summary: 'Start connecting a Bluesky profile with OAuth',
    description:
      "Resolves the handle, sends the authorization request to the account's PDS (PAR, PKCE, DPoP) and returns our start URL " +
      'with a single-use state valid for 5 minutes (as long as the PDS keeps the request). Opened in the user’s browser it binds ' +
      'the state to that browser (a nonce cookie) and leads on to the PDS’s sign-in, where the user signs in and allows the ' +
      'service; no password reaches the service. The PDS then sends that browser to GET /profiles/bluesky/callback. ' +
      '`return_url` must be https (or http on localhost) on an allowed host. INVALID_FIELD `handle` when the handle resolves to ' +
      'no account; SERVICE_UNAVAILABLE when the PDS cannot be reached or the deployment has no OAuth key.',
    body: authorizeBlueskySchema,
    success: {
      status: 200,
      description: 'The authorization URL.',
      schema: 'BlueskyAuthorization',
      example: {
        authorization_url: 'https://api.example.com/v1/profiles/bluesky/start?state=2bX9rQ',
        expires_at: '2026-11-20T09:35:00.000Z',
      },
    },
    errors: ['PROFILE_ALREADY_EXISTS', 'SERVICE_UNAVAILABLE'],
  },
  'start-bluesky-authorization': {
    method: 'GET',
    path: '/profiles/bluesky/start',
    auth: 'none',
    tag: 'Profiles',
    summary: 'Open the Bluesky authorization (reached by the browser)',
    description:
      'The authorization URL from POST /profiles/bluesky/authorize. Binds the state to this browser, once, with a nonce cookie ' +
      "(reused if the browser already holds one), and redirects to the PDS's sign-in. Authenticated by the state, not by an API " +
      'key. An unknown, expired, used or already opened state: OAUTH_ERROR with details `state mismatch`.',
    parameters: [parameter('state', 'The state from the authorization URL.')],
    success: {
      status: 302,
      description: "To the PDS's sign-in page, with the nonce cookie.",
      headers: ['location', 'set-cookie-oauth', 'cache-control', 'referrer-policy'],
    },
    errors: ['OAUTH_ERROR'],
  },
  'bluesky-callback': {
    method: 'GET',
    path: '/profiles/bluesky/callback',
    auth: 'none',
    deadline: 'outbound',
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
    tag: 'Profiles',
    summary: 'Bluesky OAuth callback (reached by the browser)',
    description:
      'The PDS redirects the browser here; authenticated by the state together with the nonce cookie of the browser that opened ' +
      'the authorization URL, not by an API key. Without that cookie the state is `state mismatch` and stays usable by its own ' +
      'browser; otherwise it is consumed whatever happens. The code is exchanged for a session (DPoP-bound tokens), which is ' +
      'kept sealed, and the profile is created with `auth: "oauth"`. With a `return_url` the answer is a 302 to it with ' +
      '`status=connected&profile_id=…` or `status=error&error=CODE&details=…`; without one, the JSON below.',
    parameters: [
      parameter('code', 'The authorization code (on consent).'),
      parameter('state', 'The OAuth state the PDS sends back.'),
      parameter('iss', 'The authorization server that answers (RFC 9207).'),
      parameter('error', "The PDS's error (access_denied when the user declined)."),
      parameter('error_description', "The PDS's description of the error."),
    ],
    success: {
      status: 201,
      description: 'Connected.',
      schema: 'ProfileResponse',
      example: { profile: oauthProfile },
      headers: ['cache-control', 'referrer-policy'],
    },
    redirect: {
      status: 302,
      description: 'Back to the return_url given at authorization, with the outcome in its query.',
      headers: ['location', 'cache-control', 'referrer-policy'],
    },
    errors: ['OAUTH_ERROR', 'PROFILE_ALREADY_EXISTS', 'SERVICE_UNAVAILABLE'],
  },
  'bluesky-client-metadata': {
    method: 'GET',
    path: '/oauth/bluesky/client-metadata.json',
    auth: 'none',
    tag: 'Profiles',
    summary: "The service's atproto OAuth client metadata (read by PDSs)",
    description:
      'The client metadata document whose URL is the client id: redirect URI, scope `atproto transition:generic`, ' +
      '`private_key_jwt` with the keys at /oauth/bluesky/jwks.json. On a loopback PUBLIC_BASE_URL (local runs) the service is an ' +
      'atproto loopback client and this shows that metadata instead.',
    query: blueskyClientDocumentQuerySchema,
    success: { status: 200, description: 'The client metadata.', schema: 'BlueskyClientMetadata' },
    errors: ['INVALID_FIELD'],
  },
  'bluesky-jwks': {
    method: 'GET',
    path: '/oauth/bluesky/jwks.json',
    auth: 'none',
    needs: { blueskyOAuthKey: true },
    tag: 'Profiles',
    summary: "The public keys of the service's atproto OAuth client (read by PDSs)",
    description: 'The public half of the client key that signs the client assertions; empty on a loopback PUBLIC_BASE_URL.',
    query: blueskyClientDocumentQuerySchema,
    success: { status: 200, description: 'The key set.', schema: 'JsonWebKeySet' },
    errors: ['INVALID_FIELD', 'SERVICE_UNAVAILABLE'],
  },
};
