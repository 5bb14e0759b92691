import { createMediaSchema, type CreateMediaBody } from '#functions/create-media/schema';
import * as validators from '#functions/create-media/schema.validators';
import { apiHandler } from '#shared/http/api-handler';
import { createMedia } from '#shared/use-cases/media';

export const handler = apiHandler<CreateMediaBody>({
  operation: 'dashboard-create-media',
  auth: 'session',
  body: { schema: createMediaSchema, validator: validators.createMediaSchema },
  idempotent: true,
  handle: async ({ accountId, body }) => ({ statusCode: 201, body: await createMedia(accountId, body) }),
});
