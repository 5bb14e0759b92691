import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { etagOf, expectedVersionOf } from '#shared/http/if-match';
import { approveInboxReply } from '#shared/use-cases/inbox/reply';
import { approveInboxReplySchema, type ApproveInboxReplyBody } from './schema';
import * as validators from './schema.validators';

export const approveInboxReplyEndpoint: EndpointDefinition<ApproveInboxReplyBody> = {
  body: { schema: approveInboxReplySchema, validator: validators.approveInboxReplySchema },
  pathId: true,
  handle: async ({ accountId, path, body, headers, scope, state }) => {
    const expected = expectedVersionOf(headers['if-match'], body?.expected_version);
    const answer = await approveInboxReply(accountId, parseId(path.id), expected, { scope, actor: auditActorOf(state) });
    return { statusCode: 202, body: answer, headers: { etag: etagOf(answer.item.version) } };
  },
};
