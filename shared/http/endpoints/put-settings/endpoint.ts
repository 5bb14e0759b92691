import type { EndpointDefinition } from '#shared/http/api-handler';
import { putSettings } from '#shared/use-cases/links/settings';
import { putSettingsSchema, type PutSettingsBody } from './schema';
import * as validators from './schema.validators';

export const putSettingsEndpoint: EndpointDefinition<PutSettingsBody> = {
  body: { schema: putSettingsSchema, validator: validators.putSettingsSchema },
  handle: async ({ accountId, body }) => ({ statusCode: 200, body: await putSettings(accountId, body) }),
};
