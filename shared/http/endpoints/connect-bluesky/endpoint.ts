import type { EndpointDefinition } from '#shared/http/api-handler';
import { auditActorOf } from '#shared/http/audit-actor';
import { connectBluesky } from '#shared/use-cases/bluesky-connection';
import { connectBlueskySchema, type ConnectBlueskyBody } from './schema';
import * as validators from './schema.validators';

export const connectBlueskyEndpoint: EndpointDefinition<ConnectBlueskyBody> = {
  body: { schema: connectBlueskySchema, validator: validators.connectBlueskySchema },
  handle: async ({ accountId, body, state }) => {
    const profile = await connectBluesky(
      accountId,
      { handle: body.handle, appPassword: body.app_password, service: body.service },
      auditActorOf(state),
    );
    return { statusCode: 201, body: { profile } };
  },
};
