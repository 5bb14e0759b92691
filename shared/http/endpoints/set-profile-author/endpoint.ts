import { parseId } from '#shared/domain/ids';
import type { EndpointDefinition } from '#shared/http/api-handler';
import { pickPageAuthor } from '#shared/use-cases/linkedin-authors';
import { setProfileAuthorSchema, type SetProfileAuthorBody } from './schema';
import * as validators from './schema.validators';

export const setProfileAuthorEndpoint: EndpointDefinition<SetProfileAuthorBody> = {
  body: { schema: setProfileAuthorSchema, validator: validators.setProfileAuthorSchema },
  pathId: true,
  handle: async ({ accountId, path, body }) => ({
    statusCode: 200,
    body: { profile: await pickPageAuthor(accountId, parseId(path.id), body.organization_id) },
  }),
};
