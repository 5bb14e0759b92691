import { connectBlueskySchema, type ConnectBlueskyBody } from '#functions/connect-bluesky/schema';
import * as validators from '#functions/connect-bluesky/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { connectBluesky } from '#shared/use-cases/bluesky-connection';

export const handler = apiHandler<ConnectBlueskyBody>({
  operation: 'dashboard-connect-bluesky',
  auth: 'session',
  body: { schema: connectBlueskySchema, validator: validators.connectBlueskySchema },
  idempotent: true,
  handle: async ({ accountId, body }) => {
    const profile = await connectBluesky(accountId, { handle: body.handle, appPassword: body.app_password, service: body.service });
    return { statusCode: 201, body: { profile } };
  },
});
