import { KEY_SCOPES, type KeyScope } from '#shared/domain/key-scopes';
import { requiredText, type Schema } from '#shared/http/validation';

export interface CreateKeyBody {
  name: string;
  scope?: KeyScope;
}

export const createKeySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: requiredText(100, { description: 'A descriptive name, 1 to 100 characters', example: 'production' }),
    scope: {
      type: 'string',
      enum: [...KEY_SCOPES],
      default: 'admin',
      description:
        'What the key may do: read < draft < write < admin, each including the ones before it (docs/api.md, "Key scopes"). Default admin.',
      example: 'draft',
    },
  },
};
