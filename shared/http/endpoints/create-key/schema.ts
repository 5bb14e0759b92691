import { requiredText, type Schema } from '#shared/http/validation';

export interface CreateKeyBody {
  name: string;
}

export const createKeySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: requiredText(100, { description: 'A descriptive name, 1 to 100 characters', example: 'production' }),
  },
};
