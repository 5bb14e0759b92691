import { AUTHOR_CHOICES, type AuthorChoice } from '#shared/domain/profile-author';
import type { Schema } from '#shared/http/validation';

export interface AuthorizeLinkedInBody {
  return_url?: string;
  author?: AuthorChoice;
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
    author: {
      type: 'string',
      enum: [...AUTHOR_CHOICES],
      description:
        'Who posts appear as: the member (default), or an organization page the member administers, picked after the callback with PUT /profiles/{id}/author',
      example: 'organization',
    },
  },
};
