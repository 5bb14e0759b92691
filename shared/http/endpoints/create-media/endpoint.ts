import type { EndpointDefinition } from '#shared/http/api-handler';
import { createMedia } from '#shared/use-cases/media';
import { createMediaSchema, type CreateMediaBody } from './schema';
import * as validators from './schema.validators';

export const createMediaEndpoint: EndpointDefinition<CreateMediaBody> = {
  body: { schema: createMediaSchema, validator: validators.createMediaSchema },
  handle: async ({ accountId, body }) => ({ statusCode: 201, body: await createMedia(accountId, body) }),
};
