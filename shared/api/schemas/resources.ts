import { KEY_SCOPES } from '#shared/domain/key-scopes';
import { API_KEY_PATTERN } from '#shared/domain/api-key-values';
import { PLANS } from '#shared/domain/plans';
import type { PlatformErrorCode } from '#shared/platforms/publisher';
import { POST_STATUSES } from '#shared/domain/post-status';
import { AUTHOR_CHOICES } from '#shared/domain/profile-author';
import { closedObject, nullable, platform, ref, timestamp, uuid, type JsonSchema } from './primitives';
import { inboxSchemas } from './inbox';
import { metricsSchemas } from './metrics';
import { settingsSchemas } from './settings';
import { auditSchemas } from './audit';
import { seriesSchemas } from './series';
import { blueskyOptionsPreview, linkedinOptionsPreview, postPlatformOptions } from './platform-options';

/**
 * Response bodies, written once: each matches what the handlers return field for field
 * (toProfile, toPostView, ApiKey, usageView). Closed objects, so a field added to a
 * handler's answer without its documentation fails the contract test.
 */
export const PLATFORM_ERROR_CODES = [
  'PLATFORM_AUTH_EXPIRED',
  'PLATFORM_REJECTED',
  'PLATFORM_DUPLICATE',
  'PLATFORM_UNAVAILABLE',
  'PLATFORM_OUTCOME_UNKNOWN',
  'PROFILE_DISCONNECTED',
] as const satisfies readonly PlatformErrorCode[];
// A code added to PlatformErrorCode but not listed above stops the type check here.
const everyPlatformCodeListed: Exclude<PlatformErrorCode, (typeof PLATFORM_ERROR_CODES)[number]> extends never ? true : never = true;
void everyPlatformCodeListed;

const count: JsonSchema = { type: 'integer', minimum: 0 };

const usage = {
  limit: { ...count, description: 'Posts the account may create this calendar month (UTC).' },
  used: { ...count, description: 'Posts created this month; deleting a post does not refund it.' },
  remaining: { ...count, description: 'limit - used, never below 0.' },
  resets_at: { ...timestamp, description: 'First instant of the next month, 00:00:00.000Z.' },
};

/** A closed object whose `names` may be absent (shown only when they apply). */
const withOptional = (schema: JsonSchema, ...names: string[]): JsonSchema => ({
  ...schema,
  required: (schema.required as string[]).filter((name) => !names.includes(name)),
});

/** The first comment's outcome on one platform (docs/api.md, "First comment"). */
const firstCommentResult = closedObject(
  {
    status: {
      type: 'string',
      enum: ['pending', 'published', 'failed', 'skipped'],
      description: 'skipped: the post itself failed on this platform, so nothing was commented.',
    },
    url: nullable({ type: 'string', format: 'uri', description: 'The reply (Bluesky) or the comment (LinkedIn).' }),
    error: nullable(closedObject({ code: { type: 'string', enum: [...PLATFORM_ERROR_CODES] }, message: { type: 'string' } })),
  },
  { description: "The first comment's outcome on this platform; a failed comment never fails the post." },
);

const platformResult = withOptional(
  closedObject(
    {
      status: { type: 'string', enum: ['pending', 'published', 'failed'] },
      url: nullable({ type: 'string', format: 'uri', description: 'The published post on the platform.' }),
      platform_post_id: nullable({ type: 'string', description: 'LinkedIn share URN or Bluesky record URI.' }),
      published_at: nullable(timestamp),
      error: nullable(
        closedObject({
          code: { type: 'string', enum: [...PLATFORM_ERROR_CODES] },
          message: { type: 'string' },
        }),
      ),
      first_comment: { ...firstCommentResult, description: 'Present only when the post has a first comment for this platform.' },
      metrics: {
        ...nullable(ref('PlatformMetrics')),
        description: 'The figures last read back from the platform; null until the first collection (docs: "Metrics and analytics").',
      },
    },
    { description: "One platform's outcome. Platform failures are recorded here, never as HTTP errors." },
  ),
  'first_comment',
);

/** A Bluesky rich-text facet (app.bsky.richtext.facet): UTF-8 byte range and its link or tag. */
const facet: JsonSchema = {
  type: 'object',
  required: ['index', 'features'],
  properties: {
    $type: { type: 'string' },
    index: closedObject({ byteStart: count, byteEnd: count }),
    features: { type: 'array', minItems: 1, items: { type: 'object', required: ['$type'], properties: { $type: { type: 'string' } } } },
  },
};

const blueskyPart = closedObject({
  text: { type: 'string' },
  graphemes: { ...count, maximum: 300 },
  facets: { type: 'array', items: facet, description: 'Links and hashtags; mentions are resolved (and added) only when publishing.' },
});

export const resourceSchemas: Record<string, JsonSchema> = {
  Profile: withOptional(
    closedObject({
      id: uuid,
      platform,
      handle: { type: 'string', description: 'Bluesky handle (normalised) or LinkedIn member name.' },
      display_name: nullable({ type: 'string' }),
      platform_user_id: { type: 'string', description: 'Bluesky DID or LinkedIn person URN (urn:li:person:{sub}).' },
      connected_at: timestamp,
      expires_at: nullable({ ...timestamp, description: 'LinkedIn access-token expiry; null for Bluesky.' }),
      needs_reconnect: { type: 'boolean', description: 'True once publishing found the credentials revoked or expired.' },
      author: {
        ...nullable(ref('Author')),
        description: 'Who posts appear as: the member, or the LinkedIn page picked; null while a page connection has no page picked yet.',
      },
      auth: {
        type: 'string',
        enum: ['app_password', 'oauth'],
        description:
          'Bluesky profiles only: connected with an app password, or with atproto OAuth (docs: "Connecting Bluesky with OAuth").',
      },
    }),
    'auth',
  ),
  Author: closedObject(
    {
      type: { type: 'string', enum: [...AUTHOR_CHOICES] },
      id: { type: 'string', description: "The member's id (LinkedIn sub, Bluesky DID) or the organization's numeric id." },
      name: nullable({ type: 'string', description: 'As the platform names it.' }),
    },
    { description: 'A member, or a LinkedIn organization page the member administers.' },
  ),
  AuthorList: closedObject({
    authors: {
      type: 'array',
      items: ref('Author'),
      description: 'The member first, then the pages it administers (page connections only).',
    },
  }),
  PlatformResult: platformResult,
  ...metricsSchemas,
  ...settingsSchemas,
  ...auditSchemas,
  ...inboxSchemas,
  ...seriesSchemas,
  // series_id, evergreen and repeat only where they apply (docs/api.md, "Repeating posts (series)", "Evergreen recycling").
  Post: withOptional(
    closedObject({
      id: uuid,
      content: { type: 'string', maxLength: 3000 },
      platform_content: {
        type: 'object',
        description: 'Text per platform sent instead of content there; {} when none.',
        additionalProperties: false,
        properties: { linkedin: { type: 'string', maxLength: 3000 }, bluesky: { type: 'string', maxLength: 3000 } },
      },
      platforms: { type: 'array', items: platform, minItems: 1, uniqueItems: true },
      media: { type: 'array', items: ref('Media'), maxItems: 4, description: 'The images in order, or the one video; [] when none.' },
      link_preview: {
        type: 'boolean',
        description: 'Whether the first link of a post without images is published as a card (false when the post turned cards off).',
      },
      track_links: {
        type: 'boolean',
        description:
          'Whether its http(s) links go out as tracked short links (docs/api.md, "Tracked links"); absent: as the account\'s setting says at publication.',
      },
      utm_campaign: { type: 'string', description: "The `utm_campaign` its tracked links carry; absent: the account's setting's." },
      platform_options: postPlatformOptions,
      first_comment: nullable({
        type: 'string',
        maxLength: 3000,
        description: 'Published after the post on each platform without a text of its own in platform_first_comment; null when none.',
      }),
      platform_first_comment: {
        type: 'object',
        description: 'First comment per platform, replacing first_comment there; {} when none.',
        additionalProperties: false,
        properties: { linkedin: { type: 'string', maxLength: 1250 }, bluesky: { type: 'string', maxLength: 3000 } },
      },
      status: { type: 'string', enum: [...POST_STATUSES] },
      scheduled_for: nullable(timestamp),
      created_at: timestamp,
      published_at: nullable({ ...timestamp, description: 'When the last platform was published.' }),
      results: {
        type: 'object',
        description: 'Keyed by platform, one entry per platform of the post.',
        additionalProperties: false,
        properties: { linkedin: ref('PlatformResult'), bluesky: ref('PlatformResult') },
      },
      created_by: {
        anyOf: [
          closedObject({
            type: { type: 'string', enum: ['api_key', 'dashboard'], description: 'An API key, or the dashboard (signed-in owner).' },
            key_id: nullable({ ...uuid, description: 'The API key; null for the dashboard.' }),
            key_name: nullable({ type: 'string', description: "The key's name when the post was created; null for the dashboard." }),
          }),
          closedObject({
            type: { type: 'string', const: 'oauth_client', description: 'An app connected with OAuth (docs/api.md, "Connections").' },
            connection_id: { ...uuid, description: 'The connection (GET /connections).' },
            client_name: { type: 'string', description: "The app's name when the post was created." },
          }),
          { type: 'null' },
        ],
        description: 'Who created the post (drafts show who proposed them); null for posts made before this was recorded.',
      },
      version: {
        type: 'integer',
        minimum: 1,
        description:
          "The post's version: 1 at creation, one more on every change of content, platforms, media, options, schedule or status. " +
          'Sent as the `ETag` ("v{version}") of a response carrying one post; pin it with `If-Match` or `expected_version`.',
      },
      series_id: { ...uuid, description: 'The series this post is an occurrence of (GET /series/{id}).' },
      evergreen: { type: 'boolean', enum: [true], description: 'Present (true) when the queue may recycle the post.' },
      repeat: { ...ref('DraftRepeat'), description: "A draft's repeat rule: its series begins when it is scheduled." },
    }),
    'series_id',
    'evergreen',
    'repeat',
  ),
  Usage: closedObject(usage),
  Media: closedObject({
    id: uuid,
    status: { type: 'string', enum: ['awaiting_upload', 'ready'] },
    content_type: { type: 'string', enum: ['image/jpeg', 'image/png', 'image/webp', 'video/mp4', 'application/pdf'] },
    size_bytes: {
      type: 'integer',
      minimum: 1,
      maximum: 100_000_000,
      description: 'Images at most 20971520; a video or a PDF at most 100000000.',
    },
    width: nullable({ type: 'integer', minimum: 1, description: 'Pixels, upright; null until complete, and for a PDF.' }),
    height: nullable({ type: 'integer', minimum: 1 }),
    alt_text: { type: 'string', maxLength: 1000 },
    created_at: timestamp,
    expires_at: nullable({ ...timestamp, description: '24 h after creation while no post uses it; null while attached to a post.' }),
  }),
  PostPreview: closedObject({
    preview: {
      type: 'object',
      additionalProperties: false,
      required: ['warnings'],
      description: 'One entry per platform of the request, exactly what its publisher would send.',
      properties: {
        linkedin: withOptional(
          closedObject({
            commentary: { type: 'string', description: "LinkedIn's little text: reserved characters escaped, hashtags as templates." },
            characters: { ...count, description: 'UTF-16 code units of the commentary (LinkedIn allows 3000).' },
            first_comment: closedObject(
              { text: { type: 'string' }, characters: { ...count, maximum: 1250 } },
              { description: 'The comment sent after the post, as plain text (present when the post has one for LinkedIn).' },
            ),
            options: linkedinOptionsPreview,
          }),
          'first_comment',
          'options',
        ),
        bluesky: withOptional(
          closedObject({
            posts: { type: 'array', minItems: 1, items: blueskyPart, description: 'The thread, first post first.' },
            first_comment: { ...blueskyPart, description: 'The reply to the last post (present when the post has one for Bluesky).' },
            options: blueskyOptionsPreview,
          }),
          'first_comment',
          'options',
        ),
        warnings: {
          type: 'array',
          items: { type: 'string' },
          description:
            'Prefixed with the platform: a thread, a mention resolved only at publish time, a link cut between posts, LinkedIn text near or over 3000.',
        },
      },
    },
  }),
  UsageWithMonth: closedObject({ ...usage, month: { type: 'string', pattern: '^\\d{4}-(0[1-9]|1[0-2])$', description: 'YYYY-MM (UTC).' } }),
  ApiKey: closedObject(
    {
      id: uuid,
      name: { type: 'string', minLength: 1, maxLength: 100 },
      prefix: { type: 'string', pattern: '^sk_[A-Za-z0-9_-]{4}$', description: 'The first 7 characters of the value.' },
      scope: {
        type: 'string',
        enum: [...KEY_SCOPES],
        description: 'What the key may do: read < draft < write < admin (docs/api.md, "Key scopes").',
      },
      created_at: timestamp,
      last_used_at: nullable({ ...timestamp, description: 'Accurate to the rate-limit window (60 s by default).' }),
    },
    { description: 'Never carries the value or its hash.' },
  ),
  BlueskyAuthorization: closedObject({
    authorization_url: {
      type: 'string',
      format: 'uri',
      description: "Our start URL: it binds the authorization to the browser that opens it, then leads it to the user's PDS sign-in.",
    },
    expires_at: { ...timestamp, description: 'The PDS keeps the authorization request 5 minutes.' },
  }),
  // Documents of the OAuth standards, not ours: open objects (RFC 7591 client metadata, RFC 7517 key set).
  BlueskyClientMetadata: {
    type: 'object',
    description: 'atproto OAuth client metadata (RFC 7591 fields as atproto profiles them); client_id is the URL it is served at.',
    required: ['client_id', 'redirect_uris', 'scope', 'grant_types', 'response_types', 'token_endpoint_auth_method'],
    properties: {
      client_id: { type: 'string' },
      redirect_uris: { type: 'array', items: { type: 'string' } },
      scope: { type: 'string', description: 'atproto transition:generic' },
      grant_types: { type: 'array', items: { type: 'string' } },
      response_types: { type: 'array', items: { type: 'string' } },
      token_endpoint_auth_method: { type: 'string', enum: ['private_key_jwt', 'none'] },
      jwks_uri: { type: 'string' },
    },
  },
  JsonWebKeySet: {
    type: 'object',
    description: 'Public JSON Web Keys (RFC 7517).',
    required: ['keys'],
    properties: { keys: { type: 'array', items: { type: 'object' } } },
  },
  LinkedInAuthorization: closedObject({
    authorization_url: { type: 'string', format: 'uri', description: "LinkedIn's consent page; open it in the member's browser." },
    expires_at: { ...timestamp, description: 'The single-use state expires 10 minutes after creation.' },
  }),
  DashboardSession: closedObject(
    {
      account: closedObject({
        id: uuid,
        name: { type: 'string' },
        email: nullable({ type: 'string', description: "The owner's sign-in email." }),
        plan: { type: 'string', enum: Object.keys(PLANS) },
      }),
      csrf_token: { type: 'string', pattern: '^[A-Za-z0-9_-]{43}$', description: 'Send it in x-csrf-token on every dashboard mutation.' },
    },
    { description: 'Who is signed in. The session id itself travels only in its HttpOnly cookie.' },
  ),
  ProfileResponse: closedObject({ profile: ref('Profile') }),
  ProfileList: closedObject({ profiles: { type: 'array', items: ref('Profile'), maxItems: 2, description: 'Sorted by platform.' } }),
  PostResponse: closedObject({ post: ref('Post') }),
  MediaResponse: closedObject({ media: ref('Media') }),
  CreatedMedia: closedObject({
    media: ref('Media'),
    upload: closedObject({
      url: { type: 'string', format: 'uri', description: 'PUT the file here (S3 in AWS).' },
      method: { type: 'string', const: 'PUT' },
      headers: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: 'Send exactly these headers with the upload (content-type and content-length are signed).',
      },
      expires_at: timestamp,
    }),
  }),
  CreatedPost: closedObject({ post: ref('Post'), usage: ref('Usage') }),
  PostPage: closedObject({
    posts: { type: 'array', items: ref('Post'), maxItems: 100, description: 'Newest first.' },
    next_cursor: nullable({ type: 'string', description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
  UsageResponse: closedObject({ usage: ref('UsageWithMonth') }),
  KeyList: closedObject({ keys: { type: 'array', items: ref('ApiKey') } }),
  // The posting queue (docs/api.md, "Posting queue").
  QueueResponse: closedObject({
    queue: nullable(
      withOptional(
        closedObject({
          timezone: { type: 'string', description: 'IANA time zone name.' },
          slots: {
            type: 'array',
            maxItems: 50,
            items: closedObject({
              day: { type: 'string', enum: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] },
              time: { type: 'string', pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'HH:MM in the zone.' },
            }),
          },
          next_slots: { type: 'array', items: timestamp, maxItems: 10, description: 'The next 10 free slots, UTC, at least 60 s ahead.' },
          recycle: { ...ref('Recycle'), description: 'Present once set: the evergreen recycling (docs/api.md, "Evergreen recycling").' },
        }),
        'recycle',
      ),
    ),
  }),
  CreatedKey: closedObject({
    key: ref('ApiKey'),
    api_key: { type: 'string', pattern: API_KEY_PATTERN.source, description: 'The value, shown this once: only its hash is stored.' },
  }),
  McpResponse: {
    type: 'object',
    required: ['jsonrpc'],
    description: "A JSON-RPC 2.0 response of the Model Context Protocol: `result` or `error`, under the request's `id`.",
    properties: {
      jsonrpc: { type: 'string', const: '2.0' },
      id: { type: ['string', 'integer', 'null'] },
      result: { type: 'object' },
      error: { type: 'object' },
    },
  },
};

// track_links and utm_campaign are shown only when the post set them (docs/decisions/0276-track-links-resolved-at-publication.md).
resourceSchemas.Post = withOptional(resourceSchemas.Post as JsonSchema, 'track_links', 'utm_campaign');
