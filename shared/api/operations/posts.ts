import { createPostSchema } from '#shared/http/endpoints/create-post/schema';
import { editPostSchema } from '#shared/http/endpoints/edit-post/schema';
import { retryPostSchema } from '#shared/http/endpoints/retry-post/schema';
import { listPostsQuerySchema } from '#shared/http/endpoints/list-posts/schema';
import type { OperationEntry } from '../operation';

const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };
const scheduledPost = {
  id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59',
  content: 'Shipping v2 today (finally) #launch',
  platform_content: { bluesky: 'Shipping v2 today 🚀 #launch' },
  platforms: ['linkedin', 'bluesky'],
  media: [],
  link_preview: true,
  first_comment: null,
  platform_first_comment: {},
  platform_options: {},
  status: 'scheduled',
  scheduled_for: '2026-11-23T10:00:00.000Z',
  created_at: '2026-11-20T09:45:12.345Z',
  published_at: null,
  results: { linkedin: pending, bluesky: pending },
  created_by: { type: 'api_key', key_id: '3b7e1c52-9a0d-4f6e-8c21-5d4a3b2c1e0f', key_name: 'ci' },
  version: 1,
};
const partiallyPublished = {
  ...scheduledPost,
  status: 'partially_published',
  published_at: '2026-11-23T10:00:02.120Z',
  results: {
    linkedin: {
      status: 'failed',
      url: null,
      platform_post_id: null,
      published_at: null,
      error: { code: 'PLATFORM_AUTH_EXPIRED', message: 'LinkedIn refused the access token: The token used in the request has expired' },
      metrics: null,
    },
    bluesky: {
      status: 'published',
      url: 'https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a',
      platform_post_id: 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbq2xkzxyz2a',
      published_at: '2026-11-23T10:00:02.120Z',
      error: null,
      metrics: null,
    },
  },
};

export const postOperations: Record<string, OperationEntry> = {
  'create-post': {
    method: 'POST',
    path: '/posts',
    dashboardPath: '/dashboard/api/posts',
    auth: 'api-key',
    scope: 'draft',
    needs: { scheduler: ['schedule'] },
    tag: 'Posts',
    summary: 'Create a post (now or scheduled)',
    description:
      'Publishes now (status `publishing`) or at `scheduled_for` (status `scheduled`). Checks, in this order: unknown field, ' +
      'missing content then platforms, wrong types, CONTENT_TOO_LONG, INVALID_PLATFORMS, INVALID_SCHEDULED_TIME, ' +
      'PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED, then the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with ' +
      '`platform` and `next_available`). A created post counts 1 against the monthly limit. Send an `idempotency-key` to ' +
      'retry safely: the same key and body within 24 h replays the first response. With `draft: true` the post is ' +
      'saved as a draft after the media checks: no connection, limit or spacing check, not counted, never published ' +
      'until POST /posts/{id}/schedule. A draft key may create drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, otherwise).',
    body: createPostSchema,
    idempotent: true,
    success: {
      status: 201,
      description: 'Created; `usage` is the month after this post.',
      schema: 'CreatedPost',
      example: { post: scheduledPost, usage: { limit: 10, used: 3, remaining: 7, resets_at: '2026-12-01T00:00:00.000Z' } },
    },
    errors: [
      'CONTENT_TOO_LONG',
      'INVALID_PLATFORMS',
      'INVALID_SCHEDULED_TIME',
      'MEDIA_NOT_FOUND',
      'INVALID_MEDIA',
      'PLATFORMS_NOT_CONNECTED',
      'MONTHLY_LIMIT_EXCEEDED',
      'RATE_LIMIT_EXCEEDED',
      'QUEUE_NOT_CONFIGURED',
      'QUEUE_FULL',
    ],
  },
  'preview-post': {
    method: 'POST',
    path: '/posts/preview',
    dashboardPath: '/dashboard/api/posts/preview',
    auth: 'api-key',
    scope: 'read',
    tag: 'Posts',
    summary: 'Preview what each platform would receive',
    description:
      'Takes the body of POST /posts and checks it the same way up to INVALID_SCHEDULED_TIME (no connection, limit or ' +
      "spacing checks), then answers what each publisher would send: LinkedIn's escaped commentary, Bluesky's thread " +
      'parts with their facets, and warnings. Nothing is written or counted; an idempotency-key is ignored.',
    body: createPostSchema,
    success: {
      status: 200,
      description: 'The rendering per platform.',
      schema: 'PostPreview',
      example: {
        preview: {
          linkedin: { commentary: 'Shipping v2 today \\(finally\\) {hashtag|\\#|launch}', characters: 49 },
          bluesky: {
            posts: [
              {
                text: 'Shipping v2 today 🚀 #launch',
                graphemes: 27,
                facets: [{ index: { byteStart: 23, byteEnd: 30 }, features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'launch' }] }],
              },
            ],
          },
          warnings: [],
        },
      },
    },
    errors: ['CONTENT_TOO_LONG', 'INVALID_PLATFORMS', 'INVALID_SCHEDULED_TIME', 'MEDIA_NOT_FOUND', 'INVALID_MEDIA'],
  },
  'list-posts': {
    method: 'GET',
    path: '/posts',
    dashboardPath: '/dashboard/api/posts',
    auth: 'api-key',
    scope: 'read',
    tag: 'Posts',
    summary: 'List posts',
    description:
      'Newest first, optionally filtered by status and platform; page with `next_cursor`. Unknown or bad parameters are INVALID_FIELD naming the parameter.',
    query: listPostsQuerySchema,
    success: {
      status: 200,
      description: 'A page of posts.',
      schema: 'PostPage',
      example: { posts: [partiallyPublished], next_cursor: null },
    },
    errors: [],
  },
  'get-post': {
    method: 'GET',
    path: '/posts/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Posts',
    summary: 'Get a post',
    description: "With each platform's result (`pending`, `published` with its URL, or `failed` with an error code).",
    success: { status: 200, description: 'The post.', schema: 'PostResponse', example: { post: partiallyPublished } },
    errors: ['POST_NOT_FOUND'],
  },
  'edit-post': {
    method: 'PATCH',
    path: '/posts/{id}',
    dashboardPath: '/dashboard/api/posts/{id}',
    auth: 'api-key',
    scope: 'draft',
    needs: { scheduler: ['schedule', 'cancel'] },
    tag: 'Posts',
    summary: 'Edit, reschedule or publish now a scheduled post',
    description:
      'Any of the fields of POST /posts, with the same rules, codes and precedence for each field sent; absent fields keep ' +
      'their value, `scheduled_for: null` publishes now, `{}` changes nothing (200 with the post). Then, in this order: ' +
      'POST_NOT_FOUND, POST_PUBLISHED (publishing or (partially) published), INVALID_POST_STATE (a failed post: retry it ' +
      'instead), PLATFORMS_NOT_CONNECTED (when platforms are sent), and the LinkedIn 60-second spacing, checked against ' +
      "every other LinkedIn post of the account (the post's own old time is released in the same write). Not counted " +
      "against the monthly limit. An edit racing the post's time has one winner: a 200 means the post goes out with the " +
      'edited text at the edited time; POST_PUBLISHED means the publisher took it first, with the text it had. A draft ' +
      'is edited freely and stays a draft (no connection or spacing check; its scheduled_for is a wish); a draft key may ' +
      'edit drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, on any other post). Pin the version you read with ' +
      '`If-Match: "v{version}"` (or `expected_version`): if the post has changed since, 412 VERSION_MISMATCH with ' +
      '`current_version`, right after POST_NOT_FOUND (and INSUFFICIENT_SCOPE), and nothing is changed.',
    body: editPostSchema,
    idempotent: true,
    success: {
      status: 200,
      description: 'The post as edited.',
      schema: 'PostResponse',
      example: { post: { ...scheduledPost, content: 'Shipping v2 on Tuesday instead', scheduled_for: '2026-11-24T10:00:00.000Z' } },
    },
    errors: [
      'CONTENT_TOO_LONG',
      'INVALID_PLATFORMS',
      'INVALID_SCHEDULED_TIME',
      'POST_NOT_FOUND',
      'POST_PUBLISHED',
      'INVALID_POST_STATE',
      'MEDIA_NOT_FOUND',
      'INVALID_MEDIA',
      'PLATFORMS_NOT_CONNECTED',
      'RATE_LIMIT_EXCEEDED',
      'VERSION_MISMATCH',
    ],
  },
  'retry-post': {
    method: 'POST',
    path: '/posts/{id}/retry',
    dashboardPath: '/dashboard/api/posts/{id}/retry',
    auth: 'api-key',
    scope: 'write',
    needs: { scheduler: ['schedule'] },
    tag: 'Posts',
    summary: 'Retry a failed or partially published post',
    description:
      'Publishes again, now or at `scheduled_for`, only the platforms whose result is `failed`, except those failed with ' +
      'PLATFORM_OUTCOME_UNKNOWN (they may already have the post) unless `include_outcome_unknown` is true. Their results go ' +
      'back to `pending`; the final status is computed over all platforms. `content` corrects the text of a failed post ' +
      "(INVALID_POST_STATE on a partially published one). Errors after the body's: POST_NOT_FOUND, INVALID_POST_STATE " +
      '(not failed or partially published, or nothing to retry), PLATFORMS_NOT_CONNECTED, and the LinkedIn spacing (a retry ' +
      'to LinkedIn is a LinkedIn post at its new time). Not counted against the monthly limit.',
    body: retryPostSchema,
    idempotent: true,
    success: {
      status: 200,
      description: 'The post, its retried platforms pending again.',
      schema: 'PostResponse',
      example: {
        post: {
          ...partiallyPublished,
          status: 'publishing',
          scheduled_for: null,
          results: { ...partiallyPublished.results, linkedin: pending },
        },
      },
    },
    errors: [
      'CONTENT_TOO_LONG',
      'INVALID_SCHEDULED_TIME',
      'POST_NOT_FOUND',
      'INVALID_POST_STATE',
      'PLATFORMS_NOT_CONNECTED',
      'RATE_LIMIT_EXCEEDED',
    ],
  },
  'delete-post': {
    method: 'DELETE',
    path: '/posts/{id}',
    dashboardPath: '/dashboard/api/posts/{id}',
    auth: 'api-key',
    scope: 'draft',
    needs: { scheduler: ['cancel'] },
    tag: 'Posts',
    summary: 'Delete a draft, scheduled or failed post',
    description:
      'Cancels its schedule and frees its LinkedIn slot; does not refund the monthly count. A post that is publishing or ' +
      '(partially) published answers POST_PUBLISHED. Drafts are deleted too; a draft key may delete drafts only ' +
      '(INSUFFICIENT_SCOPE, `required_scope: write`, on any other post).',
    success: { status: 204, description: 'Deleted.' },
    errors: ['POST_NOT_FOUND', 'POST_PUBLISHED'],
  },
};
