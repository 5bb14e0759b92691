import { authorizeLinkedInSchema } from '#shared/http/endpoints/authorize-linkedin/schema';
import { connectBlueskySchema } from '#shared/http/endpoints/connect-bluesky/schema';
import { setProfileAuthorSchema } from '#shared/http/endpoints/set-profile-author/schema';
import type { OperationEntry } from '../operation';

const blueskyProfile = {
  id: '0b6f3c52-8d7e-4f3a-9c1b-2d4e6f8a0b1c',
  platform: 'bluesky',
  handle: 'alice.bsky.social',
  display_name: 'Alice',
  platform_user_id: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz',
  connected_at: '2026-11-20T09:30:00.000Z',
  expires_at: null,
  needs_reconnect: false,
  author: { type: 'member', id: 'did:plc:ewvi7nxzyoun6zhxrhs64oiz', name: 'Alice' },
};
const linkedinProfile = {
  id: '5d1e2f3a-4b5c-4d6e-8f7a-9b0c1d2e3f4a',
  platform: 'linkedin',
  handle: 'Ada Lovelace',
  display_name: 'Ada Lovelace',
  platform_user_id: 'urn:li:person:782bbtaQ',
  connected_at: '2026-11-20T09:31:00.000Z',
  expires_at: '2027-01-19T09:31:00.000Z',
  needs_reconnect: false,
  author: { type: 'member', id: '782bbtaQ', name: 'Ada Lovelace' },
};
const acme = { type: 'organization', id: '2414183', name: 'Acme Corporation' };
const pageProfile = { ...linkedinProfile, author: acme };

const callbackParameter = (name: string, description: string) => ({ name, description, schema: { type: 'string' } });

export const profileOperations: Record<string, OperationEntry> = {
  'list-profiles': {
    method: 'GET',
    path: '/profiles',
    dashboardPath: '/dashboard/api/profiles',
    auth: 'api-key',
    scope: 'read',
    tag: 'Profiles',
    summary: 'List connected profiles',
    description: 'At most one profile per platform, sorted by platform.',
    success: { status: 200, description: 'The profiles.', schema: 'ProfileList', example: { profiles: [blueskyProfile, linkedinProfile] } },
    errors: [],
  },
  'get-profile': {
    method: 'GET',
    path: '/profiles/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Profiles',
    summary: 'Get a profile',
    description: "Another account's profile answers PROFILE_NOT_FOUND, like an unknown one.",
    success: { status: 200, description: 'The profile.', schema: 'ProfileResponse', example: { profile: blueskyProfile } },
    errors: ['PROFILE_NOT_FOUND'],
  },
  'delete-profile': {
    method: 'DELETE',
    path: '/profiles/{id}',
    dashboardPath: '/dashboard/api/profiles/{id}',
    auth: 'api-key',
    scope: 'admin',
    // A Bluesky OAuth profile's grant is revoked at its PDS (docs/api.md, "Connecting Bluesky with OAuth").
    deadline: 'outbound',
    needs: { secretBox: 'open', blueskyOAuthKey: true },
    tag: 'Profiles',
    summary: 'Disconnect a profile',
    description:
      'Deletes the profile and its stored credentials; posts are untouched. The platform can be connected again at once. ' +
      'A Bluesky profile connected with OAuth also has its grant revoked at its PDS (best effort).',
    success: { status: 204, description: 'Deleted.' },
    errors: ['PROFILE_NOT_FOUND'],
  },
  'connect-bluesky': {
    method: 'POST',
    path: '/profiles/bluesky',
    dashboardPath: '/dashboard/api/profiles/bluesky',
    auth: 'api-key',
    scope: 'admin',
    deadline: 'outbound',
    needs: { secretBox: 'seal' },
    tag: 'Profiles',
    summary: 'Connect a Bluesky profile',
    description:
      'Checks the handle and app password by signing in to the PDS, then stores them sealed (never returned, never logged). ' +
      'An app password has the form xxxx-xxxx-xxxx-xxxx; a main account password is refused (INVALID_FIELD).',
    body: connectBlueskySchema,
    idempotent: true,
    success: { status: 201, description: 'Connected.', schema: 'ProfileResponse', example: { profile: blueskyProfile } },
    errors: ['INVALID_CREDENTIALS', 'PROFILE_ALREADY_EXISTS', 'SERVICE_UNAVAILABLE'],
  },
  'authorize-linkedin': {
    method: 'POST',
    path: '/profiles/linkedin/authorize',
    dashboardPath: '/dashboard/api/profiles/linkedin/authorize',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Profiles',
    summary: 'Start connecting a LinkedIn profile',
    description:
      'Returns the authorization URL with a single-use state valid for 10 minutes: our start endpoint, which binds the state ' +
      "to the browser that opens it (a nonce cookie) and sends it on to LinkedIn's consent page. Open it in the member's " +
      'browser (once: a second browser gets OAUTH_ERROR); LinkedIn then sends that browser to the callback. ' +
      '`return_url` must be https (or http on localhost) on an allowed host. ' +
      '`author: "organization"` also asks LinkedIn for w_organization_social and r_organization_admin, to post as a page ' +
      'the member administers: the profile is then created with `author: null` (not connected for posting) until a page is ' +
      'picked with PUT /profiles/{id}/author. ' +
      'The body may be empty. SERVICE_UNAVAILABLE when the deployment has no LinkedIn app configured.',
    body: authorizeLinkedInSchema,
    success: {
      status: 200,
      description: 'The authorization URL.',
      schema: 'LinkedInAuthorization',
      example: {
        authorization_url: 'https://api.example.com/v1/profiles/linkedin/start?state=2bX9rQ',
        expires_at: '2026-11-20T09:40:00.000Z',
      },
    },
    errors: ['PROFILE_ALREADY_EXISTS', 'SERVICE_UNAVAILABLE'],
  },
  'start-linkedin-authorization': {
    method: 'GET',
    path: '/profiles/linkedin/start',
    auth: 'none',
    tag: 'Profiles',
    summary: 'Open the LinkedIn authorization (reached by the browser)',
    description:
      'The authorization URL from POST /profiles/linkedin/authorize. Binds the state to this browser, once, with a ' +
      '10-minute nonce cookie (reused if the browser already holds one), and redirects to LinkedIn. Authenticated by the ' +
      'state, not by an API key. An unknown, expired, used or already opened state: OAUTH_ERROR with details `state mismatch`.',
    parameters: [callbackParameter('state', 'The state from the authorization URL.')],
    success: {
      status: 302,
      description: "To LinkedIn's consent page, with the nonce cookie.",
      headers: ['location', 'set-cookie-oauth', 'cache-control', 'referrer-policy'],
    },
    errors: ['OAUTH_ERROR'],
  },
  'linkedin-callback': {
    method: 'GET',
    path: '/profiles/linkedin/callback',
    auth: 'none',
    deadline: 'outbound',
    needs: { secretBox: 'seal', linkedinClientSecret: true },
    tag: 'Profiles',
    summary: 'LinkedIn OAuth callback (reached by the browser)',
    description:
      'LinkedIn redirects the browser here; authenticated by the single-use `state` together with the nonce cookie of the ' +
      'browser that opened the authorization URL, not by an API key. Without that cookie (or with another browser’s) the ' +
      'state is `state mismatch` and stays usable by its own browser. Otherwise the state is consumed ' +
      'whatever happens. With a `return_url` the answer is a 302 to it with `status=connected&profile_id=…` or ' +
      '`status=error&error=CODE&details=…`; without one, the JSON below.',
    parameters: [
      callbackParameter('code', 'The authorization code (on consent).'),
      callbackParameter('state', 'The state from the authorization URL.'),
      callbackParameter('error', "LinkedIn's error (e.g. user_cancelled_authorize) when the member declined."),
      callbackParameter('error_description', "LinkedIn's description of the error."),
    ],
    success: {
      status: 201,
      description: 'Connected.',
      schema: 'ProfileResponse',
      example: { profile: linkedinProfile },
      headers: ['cache-control', 'referrer-policy'],
    },
    redirect: {
      status: 302,
      description: 'Back to the return_url given at authorization, with the outcome in its query.',
      headers: ['location', 'cache-control', 'referrer-policy'],
    },
    errors: ['OAUTH_ERROR', 'PROFILE_ALREADY_EXISTS', 'SERVICE_UNAVAILABLE'],
  },
  'list-profile-authors': {
    method: 'GET',
    path: '/profiles/{id}/authors',
    dashboardPath: '/dashboard/api/profiles/{id}/authors',
    auth: 'api-key',
    scope: 'read',
    tag: 'Profiles',
    summary: 'List who a profile can post as',
    description:
      'The member who connected, then (for a LinkedIn profile connected with author "organization") the pages that member ' +
      'administers (approved ADMINISTRATOR roles), asked of LinkedIn at most once per 5 minutes per profile: a page granted ' +
      'since can take up to 5 minutes to appear. Other profiles list their member alone. ' +
      'OAUTH_ERROR when LinkedIn refuses the stored token (reconnect), SERVICE_UNAVAILABLE when LinkedIn is down.',
    success: {
      status: 200,
      description: 'The possible authors.',
      schema: 'AuthorList',
      example: { authors: [{ type: 'member', id: '782bbtaQ', name: 'Ada Lovelace' }, acme] },
    },
    errors: ['PROFILE_NOT_FOUND', 'OAUTH_ERROR', 'SERVICE_UNAVAILABLE'],
  },
  'set-profile-author': {
    method: 'PUT',
    path: '/profiles/{id}/author',
    dashboardPath: '/dashboard/api/profiles/{id}/author',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Profiles',
    summary: 'Pick the LinkedIn page a profile posts as',
    description:
      'For a LinkedIn profile connected with author "organization": the page, one its member administers now (checked with ' +
      'LinkedIn); another id, or a profile that posts as its member, is INVALID_FIELD `organization_id`. Posts, images and ' +
      'link-card thumbnails then go out as `urn:li:organization:{id}`. May be called again to switch pages.',
    body: setProfileAuthorSchema,
    success: { status: 200, description: 'The profile with its author.', schema: 'ProfileResponse', example: { profile: pageProfile } },
    errors: ['PROFILE_NOT_FOUND', 'OAUTH_ERROR', 'SERVICE_UNAVAILABLE'],
  },
};
