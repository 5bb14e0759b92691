import { OAUTH_SCOPES } from '#shared/oauth/scopes';
import type { Schema } from '#shared/http/validation';

export interface DecideOAuthRequestBody {
  allow: boolean;
  scope?: string;
}

/** The person's answer on the consent page: allow (with the scope chosen) or deny. */
export const decideOAuthRequestSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['allow'],
  properties: {
    allow: { type: 'boolean', description: 'true: connect the app; false: decline.', example: true },
    scope: {
      type: 'string',
      enum: [...OAUTH_SCOPES],
      description: 'What the app may do (never admin); default the scope the app asked for.',
      example: 'draft',
    },
  },
};
