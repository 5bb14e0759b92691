import { schedulePostSchema } from '#shared/http/endpoints/schedule-post/schema';
import type { OperationEntry } from '../operation';

const pending = { status: 'pending', url: null, platform_post_id: null, published_at: null, error: null, metrics: null };

/** Drafts (docs/api.md, "Drafts"): created with POST /posts and `"draft": true`, made real here. */
export const draftOperations: Record<string, OperationEntry> = {
  'schedule-post': {
    method: 'POST',
    path: '/posts/{id}/schedule',
    dashboardPath: '/dashboard/api/posts/{id}/schedule',
    auth: 'api-key',
    scope: 'write',
    needs: { scheduler: ['schedule'] },
    tag: 'Posts',
    summary: 'Schedule a draft (approve it)',
    description:
      'Turns a draft into a real post, now (`scheduled_for: null`, or absent on a draft without a wished time) or at ' +
      "`scheduled_for` (absent: the draft's own), or at the posting queue's first free slot (`queue: true`: QUEUE_NOT_CONFIGURED without a schedule, QUEUE_FULL without a free slot). Needs a write key. Errors after the body's: POST_NOT_FOUND, " +
      'INVALID_POST_STATE with `status` (not a draft, including a draft another call has just scheduled), then every check ' +
      'of POST /posts from INVALID_SCHEDULED_TIME on, at this moment: PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED ' +
      '(the draft stays a draft), the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with `platform` and `next_available`). ' +
      'The post counts 1 against the monthly limit now, not when the draft was made. Approve what you read: with ' +
      '`If-Match: "v{version}"` (or `expected_version`) a draft edited since is refused with 412 VERSION_MISMATCH and ' +
      '`current_version` (right after POST_NOT_FOUND), and stays a draft.',
    body: schedulePostSchema,
    idempotent: true,
    success: {
      status: 200,
      description: 'The post, scheduled or publishing.',
      schema: 'PostResponse',
      example: {
        post: {
          id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59',
          content: 'Shipping v2 today (finally) #launch',
          platform_content: {},
          platforms: ['linkedin', 'bluesky'],
          media: [],
          link_preview: true,
          status: 'scheduled',
          scheduled_for: '2026-11-23T10:00:00.000Z',
          created_at: '2026-11-20T09:45:12.345Z',
          published_at: null,
          results: { linkedin: pending, bluesky: pending },
          created_by: { type: 'api_key', key_id: '3b7e1c52-9a0d-4f6e-8c21-5d4a3b2c1e0f', key_name: 'writing agent' },
          version: 2,
          first_comment: null,
          platform_first_comment: {},
          platform_options: {},
        },
      },
    },
    errors: [
      'INVALID_SCHEDULED_TIME',
      'POST_NOT_FOUND',
      'INVALID_POST_STATE',
      'PLATFORMS_NOT_CONNECTED',
      'MONTHLY_LIMIT_EXCEEDED',
      'RATE_LIMIT_EXCEEDED',
      'QUEUE_NOT_CONFIGURED',
      'QUEUE_FULL',
      'VERSION_MISMATCH',
    ],
  },
};
