import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { scheduleDraft } from '#shared/use-cases/drafts/schedule-draft';
import { schedulePostSchema, type SchedulePostBody } from './schema';
import * as validators from './schema.validators';

export const schedulePostEndpoint: EndpointDefinition<SchedulePostBody> = {
  body: { schema: schedulePostSchema, validator: validators.schedulePostSchema },
  pathId: true,
  // The scheduling's transaction completes the idempotency record with this very response.
  handle: async ({ accountId, path, body, state }) => ({
    statusCode: 200,
    body: await scheduleDraft(accountId, parseId(path.id), body ?? {}, state.idempotency),
  }),
};
