import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { putQueue } from '#shared/use-cases/queue/posting-schedule';
import { putQueueSchema, type PutQueueBody } from './schema';
import * as validators from './schema.validators';

export const putQueueEndpoint: EndpointDefinition<PutQueueBody> = {
  body: { schema: putQueueSchema, validator: validators.putQueueSchema },
  handle: async ({ accountId, body, state }) => ({ statusCode: 200, body: await putQueue(accountId, body, auditActorOf(state)) }),
};
