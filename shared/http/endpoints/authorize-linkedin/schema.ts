import type { Schema } from '#shared/http/validation';

export interface AuthorizeLinkedInBody {
  return_url?: string;
}

export const authorizeLinkedInSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    return_url: {
      type: 'string',
      maxLength: 2048,
      description: 'Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)',
      example: 'https://app.example.com/settings/linkedin',
    },
  },
};
