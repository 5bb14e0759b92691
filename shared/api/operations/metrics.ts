import { getAnalyticsQuerySchema } from '#shared/http/endpoints/get-analytics/schema';
import type { OperationEntry } from '../operation';

const figures = { likes: 12, reposts: 3, replies: 2, quotes: 1, impressions: null, collected_at: '2026-11-23T11:00:04.512Z' };
const publishedPost = {
  id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59',
  content: 'Shipping v2 today (finally) #launch',
  platform_content: {},
  platforms: ['bluesky'],
  media: [],
  link_preview: true,
  status: 'published',
  scheduled_for: null,
  created_at: '2026-11-23T10:00:00.000Z',
  published_at: '2026-11-23T10:00:02.120Z',
  results: {
    bluesky: {
      status: 'published',
      url: 'https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a',
      platform_post_id: 'at://did:plc:ewvi7nxzyoun6zhxrhs64oiz/app.bsky.feed.post/3lbq2xkzxyz2a',
      published_at: '2026-11-23T10:00:02.120Z',
      error: null,
      metrics: figures,
    },
  },
  created_by: { type: 'api_key', key_id: '3b7e1c52-9a0d-4f6e-8c21-5d4a3b2c1e0f', key_name: 'ci' },
  version: 1,
  first_comment: null,
  platform_first_comment: {},
  platform_options: {},
};

export const metricsOperations: Record<string, OperationEntry> = {
  'refresh-post-metrics': {
    method: 'POST',
    path: '/posts/{id}/metrics/refresh',
    dashboardPath: '/dashboard/api/posts/{id}/metrics/refresh',
    auth: 'api-key',
    scope: 'write',
    needs: { metricsRefresh: true },
    tag: 'Analytics',
    summary: "Read a post's figures again now",
    description:
      'Answers the post as it stands (202); the figures of every platform it was published on are read back within seconds ' +
      '(GET /posts/{id} then shows them in `results[platform].metrics`). Figures are also read about 1 h, 24 h and 7 days after ' +
      'publishing. At most once per 5 minutes per post and 30 times an hour per account (RATE_LIMIT_EXCEEDED with ' +
      '`retry_after` and `retry-after`, the later wait when both hold it back); a post ' +
      'published on no platform: INVALID_POST_STATE. Needs a `write` key: it spends platform calls.',
    idempotent: true,
    success: { status: 202, description: 'Accepted; the collection follows.', schema: 'PostResponse', example: { post: publishedPost } },
    errors: ['POST_NOT_FOUND', 'INVALID_POST_STATE', 'RATE_LIMIT_EXCEEDED'],
    rateLimitVariants: ['api'],
  },
  'get-analytics': {
    method: 'GET',
    path: '/analytics',
    dashboardPath: '/dashboard/api/analytics',
    auth: 'api-key',
    scope: 'read',
    tag: 'Analytics',
    summary: 'Per-day figures of published posts',
    description:
      'One row per UTC day from `from` to `to` (both included, at most 366 days): the posts published that day and the sums of ' +
      'their latest figures (`impressions` null when no post of the day has them). `platform` counts only what went out there. ' +
      'A missing or impossible date, `to` before `from` or a longer range: INVALID_FIELD naming the parameter.',
    query: getAnalyticsQuerySchema,
    success: {
      status: 200,
      description: 'The days, in order.',
      schema: 'Analytics',
      example: {
        analytics: {
          from: '2026-11-22',
          to: '2026-11-23',
          platform: null,
          days: [
            { date: '2026-11-22', posts: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, impressions: null, clicks: 0 },
            { date: '2026-11-23', posts: 1, likes: 12, reposts: 3, replies: 2, quotes: 1, impressions: null, clicks: 7 },
          ],
        },
      },
    },
    errors: ['INVALID_FIELD'],
  },
};
