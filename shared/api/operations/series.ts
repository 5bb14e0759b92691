import { patchSeriesSchema } from '#shared/http/endpoints/patch-series/schema';
import type { OperationEntry } from '../operation';

const series = {
  id: '2c9d4e1f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
  rule: { every: { weeks: 1 }, count: 5 },
  variations: ['Still true: our guide', 'In case you missed it: the guide'],
  next_at: '2026-12-07T09:00:00.000Z',
  posts: [
    { id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59', status: 'published', scheduled_for: '2026-11-23T09:00:00.000Z' },
    { id: '4a5b6c7d-8e9f-4a0b-9c1d-2e3f4a5b6c7d', status: 'scheduled', scheduled_for: '2026-11-30T09:00:00.000Z' },
  ],
  skipped: [],
};

/**
 * Repeating posts (docs/api.md, "Repeating posts (series)"): a series is begun by POST /posts with
 * `repeat`; these read, change and stop it. Changing or stopping one makes (or unmakes) real posts,
 * so both need a write key, as scheduling a draft does (docs/decisions/0264-series-scopes.md).
 */
export const seriesOperations: Record<string, OperationEntry> = {
  'get-series': {
    method: 'GET',
    path: '/series/{id}',
    dashboardPath: '/dashboard/api/series/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Series',
    summary: 'A series of repeating posts',
    description:
      'Its rule and variations, `next_at` (null once the rule has no occurrence left), the occurrences made so far with ' +
      'their status, and the occurrences skipped (refused when they were to be made: monthly limit, LinkedIn spacing, ' +
      "a platform not connected, no free queue slot) with the reason. Unknown, deleted or another account's: NOT_FOUND.",
    success: { status: 200, description: 'The series.', schema: 'SeriesResponse', example: { series } },
    errors: ['NOT_FOUND'],
  },
  'patch-series': {
    method: 'PATCH',
    path: '/series/{id}',
    dashboardPath: '/dashboard/api/series/{id}',
    auth: 'api-key',
    scope: 'write',
    tag: 'Series',
    summary: 'Change the rule or the variations of a series',
    description:
      'From the next occurrence on: a new `rule` keeps the next occurrence at its time and steps from there (its `count` ' +
      'still counts every occurrence, the first included); new `variations` are used from the next occurrence. A malformed ' +
      'rule: INVALID_FIELD `rule`; malformed variations: INVALID_FIELD `variations`.',
    body: patchSeriesSchema,
    success: { status: 200, description: 'The series.', schema: 'SeriesResponse', example: { series } },
    errors: ['NOT_FOUND'],
  },
  'delete-series': {
    method: 'DELETE',
    path: '/series/{id}',
    dashboardPath: '/dashboard/api/series/{id}',
    auth: 'api-key',
    scope: 'write',
    needs: { scheduler: ['cancel'] },
    tag: 'Series',
    summary: 'Stop a series',
    description: 'No more occurrences are made; the scheduled (or failed) ones are deleted, the published ones stay.',
    success: { status: 204, description: 'Stopped.' },
    errors: ['NOT_FOUND'],
  },
};
