import { createPostSchema } from '#shared/http/endpoints/create-post/schema';
import type { ScheduleRequest } from '#shared/domain/drafts';
import type { Schema } from '#shared/http/validation';

/** The scheduling, and the draft's version it approves (docs/api.md, "Versions and If-Match"). */
export type SchedulePostBody = ScheduleRequest & { expected_version?: number };

/** POST /posts/{id}/schedule: every field optional, an empty body too (docs/api.md, "Drafts"). */
export const schedulePostSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    scheduled_for: {
      ...createPostSchema.properties.scheduled_for,
      description:
        "When to publish (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); null: now; absent: the draft's own scheduled_for, or now when it has none.",
    },
    queue: {
      ...createPostSchema.properties.queue,
      description: "true: at the posting queue's first free slot at least 60 s ahead (PUT /queue); not with scheduled_for.",
    },
    expected_version: {
      type: 'integer',
      minimum: 1,
      description:
        'The version of the draft you approve (its `version`): the change is made only while the draft is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: "v{n}".',
    },
  },
};
