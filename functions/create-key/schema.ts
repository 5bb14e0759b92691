import type { Schema } from '#shared/http/validation';

export interface CreateKeyBody {
  name: string;
}

export const createKeySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['name'],
  properties: {
    name: {
      type: 'string', minLength: 1, maxLength: 100, pattern: '\\S', format: 'unicode-text',
      // Blank is missing, as for every required text field.
      'x-error-codes': { minLength: 'MISSING_REQUIRED_FIELD', pattern: 'MISSING_REQUIRED_FIELD', format: 'INVALID_FIELD' },
      description: 'A descriptive name, 1 to 100 characters', example: 'production',
    },
  },
};
