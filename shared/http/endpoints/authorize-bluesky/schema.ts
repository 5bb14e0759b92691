import { requiredText, type Schema } from '#shared/http/validation';

export interface AuthorizeBlueskyBody {
  handle: string;
  return_url?: string;
}

export const authorizeBlueskySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['handle'],
  properties: {
    handle: requiredText(256, { description: 'The Bluesky handle; a leading @ and upper case are accepted', example: 'alice.bsky.social' }),
    return_url: {
      type: 'string',
      maxLength: 2048,
      description: 'Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)',
      example: 'https://app.example.com/settings/bluesky',
    },
  },
};
