import type { Schema } from '#shared/http/validation';

export interface CreateKeyBody {
  name: string;
}

export const createKeySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', description: 'A descriptive name', example: 'production' },
  },
};
