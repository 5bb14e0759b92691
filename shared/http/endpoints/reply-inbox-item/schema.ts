import type { Schema } from '#shared/http/validation';

export interface ReplyInboxItemBody {
  content: string;
  draft?: boolean;
}

/** POST /inbox/{id}/reply: the reply's text (the platform's length rule is the use case's), and whether it is only proposed. */
export const replyInboxItemSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['content'],
  properties: {
    content: {
      type: 'string',
      minLength: 1,
      maxLength: 3000,
      pattern: '\\S',
      'x-error-codes': { minLength: 'MISSING_REQUIRED_FIELD', pattern: 'MISSING_REQUIRED_FIELD' },
      description: 'The reply: at most 300 graphemes on Bluesky (links, mentions and tags become facets), 1,250 characters on LinkedIn.',
      example: 'Thanks! The docs are at https://example.com/docs',
    },
    draft: { type: 'boolean', description: 'true: kept as a draft reply for a person to approve (a draft key may do this).' },
  },
};
