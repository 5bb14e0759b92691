import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf, expectedVersionOf } from '#shared/http/if-match';
import { scheduleDraft } from '#shared/use-cases/drafts/schedule-draft';
import { schedulePostSchema, type SchedulePostBody } from './schema';
import * as validators from './schema.validators';

export const schedulePostEndpoint: EndpointDefinition<SchedulePostBody> = {
  body: { schema: schedulePostSchema, validator: validators.schedulePostSchema },
  pathId: true,
  // The scheduling's transaction completes the idempotency record with this very response.
  handle: async ({ accountId, path, body, headers, state }) => {
    const { expected_version: expectedVersion, ...request } = body ?? {};
    const expected = expectedVersionOf(headers['if-match'], expectedVersion);
    const answer = await scheduleDraft(accountId, parseId(path.id), request, state.idempotency, { actor: auditActorOf(state), expected });
    return { statusCode: 200, body: answer, headers: { etag: etagOf(answer.post.version) } };
  },
};
