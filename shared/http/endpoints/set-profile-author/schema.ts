import type { Schema } from '#shared/http/validation';

export interface SetProfileAuthorBody {
  organization_id: string;
}

export const setProfileAuthorSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['organization_id'],
  properties: {
    organization_id: {
      type: 'string',
      pattern: '^[0-9]{1,19}$',
      description: 'The id of a LinkedIn page the connected member administers, as GET /profiles/{id}/authors lists it',
      example: '2414183',
    },
  },
};
