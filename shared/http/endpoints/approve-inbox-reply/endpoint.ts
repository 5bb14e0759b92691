import { DomainError } from '#shared/domain/errors';
import { parseId } from '#shared/domain/ids';
import { expectedVersionOf } from '#shared/domain/inbox';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { approveInboxReply } from '#shared/use-cases/inbox/reply';
import { actorOf } from '../reply-inbox-item/actor';
import { approveInboxReplySchema, type ApproveInboxReplyBody } from './schema';
import * as validators from './schema.validators';

export const approveInboxReplyEndpoint: EndpointDefinition<ApproveInboxReplyBody> = {
  body: { schema: approveInboxReplySchema, validator: validators.approveInboxReplySchema },
  pathId: true,
  handle: async ({ accountId, path, body, headers, scope, state }) => {
    const expected = expectedVersionOf(headers['if-match'], body?.expected_version);
    if (expected === 'malformed')
      throw new DomainError('INVALID_FIELD', { field: 'If-Match' }, { message: 'Invalid field: If-Match (send "v{version}", e.g. "v3")' });
    return {
      statusCode: 202,
      body: await approveInboxReply(accountId, parseId(path.id), expected, { scope, actor: actorOf(state, accountId) }),
    };
  },
};
