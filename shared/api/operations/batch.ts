import { createPostsBatchSchema } from '#shared/http/endpoints/create-posts-batch/schema';
import type { OperationEntry } from '../operation';
import { closedObject, ref, type JsonSchema } from '../schemas/primitives';

const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };
const post = (id: string, content: string, platforms: string[], scheduledFor: string | null) => ({
  id,
  content,
  platform_content: {},
  platforms,
  media: [],
  link_preview: true,
  status: scheduledFor ? 'scheduled' : 'publishing',
  scheduled_for: scheduledFor,
  created_at: '2026-11-20T09:45:12.345Z',
  published_at: null,
  results: Object.fromEntries(platforms.map((platform) => [platform, pending])),
  created_by: { type: 'api_key', key_id: '3b7e1c52-9a0d-4f6e-8c21-5d4a3b2c1e0f', key_name: 'ci' },
  version: 1,
  first_comment: null,
  platform_first_comment: {},
  platform_options: {},
});

/**
 * Bulk creation (docs/api.md, "Bulk creation"): POST /posts/batch and its dashboard route (the CSV
 * import). Its body schema is the endpoint's own, items included.
 */
export const batchResourceSchemas: Record<string, JsonSchema> = {
  BatchCreatedItem: closedObject(
    {
      index: { type: 'integer', minimum: 0, maximum: 99, description: "The item's position in `posts`." },
      status: { type: 'integer', const: 201 },
      post: ref('Post'),
    },
    { description: 'An item that was created, as POST /posts would have created it.' },
  ),
  BatchRefusedItem: closedObject(
    {
      index: { type: 'integer', minimum: 0, maximum: 99, description: "The item's position in `posts`." },
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The status POST /posts would have answered for this item.' },
      error: {
        type: 'object',
        required: ['error', 'message'],
        properties: { error: { type: 'string' }, message: { type: 'string' } },
        additionalProperties: true,
        description: 'The error body POST /posts would have answered for this item, extra fields included (docs/api.md, "Errors").',
      },
    },
    { description: 'An item that was refused; nothing of it was created or counted.' },
  ),
  BatchResults: closedObject({
    results: {
      type: 'array',
      minItems: 1,
      maxItems: 100,
      items: { oneOf: [ref('BatchCreatedItem'), ref('BatchRefusedItem')] },
      description: 'One result per item, in the order of `posts`.',
    },
  }),
};

const createPostsBatch: OperationEntry = {
  method: 'POST',
  path: '/posts/batch',
  dashboardPath: '/dashboard/api/posts/batch',
  auth: 'api-key',
  scope: 'draft',
  deadline: 'outbound',
  needs: { scheduler: ['schedule'] },
  dashboardNote: ' (the CSV import).',
  tag: 'Posts',
  summary: 'Create up to 100 posts in one request',
  description:
    'Each item of `posts` is a POST /posts body and is created or refused on its own, in order, exactly as POST /posts ' +
    'would answer it: its own validation error, PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED (the limit counts the ' +
    'created items in their order), the LinkedIn spacing (also against the items before it). The answer is 200 with one ' +
    'result per item; only a malformed envelope (not an object, `posts` missing, not an array, empty or over 100 items, ' +
    'an unknown field) is refused whole. The `idempotency-key` covers the whole batch: a repeat replays the results and ' +
    'creates nothing. Items left when the request runs short of time are answered SERVICE_UNAVAILABLE (not attempted).',
  body: createPostsBatchSchema,
  idempotent: true,
  success: {
    status: 200,
    description: 'One result per item, in order.',
    schema: 'BatchResults',
    example: {
      results: [
        {
          index: 0,
          status: 201,
          post: post(
            '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59',
            'Monday: the release notes #launch',
            ['linkedin', 'bluesky'],
            '2026-11-23T09:00:00.000Z',
          ),
        },
        {
          index: 1,
          status: 429,
          error: {
            error: 'MONTHLY_LIMIT_EXCEEDED',
            message: 'Monthly post limit of 10 reached (10 used); it resets at 2026-12-01T00:00:00.000Z',
            limit: 10,
            used: 10,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        },
        {
          index: 2,
          status: 429,
          error: {
            error: 'MONTHLY_LIMIT_EXCEEDED',
            message: 'Monthly post limit of 10 reached (10 used); it resets at 2026-12-01T00:00:00.000Z',
            limit: 10,
            used: 10,
            resets_at: '2026-12-01T00:00:00.000Z',
          },
        },
      ],
    },
  },
  errors: [],
};

export const batchOperations: Record<string, OperationEntry> = {
  'create-posts-batch': createPostsBatch,
};
