import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { replyToInboxItem } from '#shared/use-cases/inbox/reply';
import { auditActorOf } from '#shared/http/audit-actor';
import { replyInboxItemSchema, type ReplyInboxItemBody } from './schema';
import * as validators from './schema.validators';

export const replyInboxItemEndpoint: EndpointDefinition<ReplyInboxItemBody> = {
  body: { schema: replyInboxItemSchema, validator: validators.replyInboxItemSchema },
  pathId: true,
  handle: async ({ accountId, path, body, scope, state }) => ({
    statusCode: 202,
    body: await replyToInboxItem(accountId, parseId(path.id), body, { scope, actor: auditActorOf(state) }),
  }),
};
