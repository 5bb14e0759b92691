import { OAUTH_SCOPES } from '#shared/oauth/scopes';
import type { Schema } from '#shared/http/validation';

export interface DecideOAuthRequestBody {
  request: string;
  allow: boolean;
  scope?: string;
}

/** The person's answer on the consent page: allow (with the scope chosen) or deny. */
export const decideOAuthRequestSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['request', 'allow'],
  properties: {
    request: {
      type: 'string',
      maxLength: 100,
      description: "The secret in the consent page's URL.",
      example: 'spar_Jq2sV6mXw1cP0o9nT4rY8uE3iA5dF7gH2jK6lZ0xC1v',
    },
    allow: { type: 'boolean', description: 'true: connect the app; false: decline.', example: true },
    scope: {
      type: 'string',
      enum: [...OAUTH_SCOPES],
      description: 'What the app may do (never admin); default the scope the app asked for.',
      example: 'draft',
    },
  },
};
