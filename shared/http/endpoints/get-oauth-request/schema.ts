import type { Schema } from '#shared/http/validation';

export interface OAuthRequestQuery {
  request?: string;
}

/** The consent page's request: the secret from its URL (`/dashboard/authorize?request=…`); without it, NOT_FOUND as an unknown one. */
export const oauthRequestQuerySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    request: {
      type: 'string',
      maxLength: 100,
      description: "The secret in the consent page's URL (10 minutes, single use).",
      example: 'spar_Jq2sV6mXw1cP0o9nT4rY8uE3iA5dF7gH2jK6lZ0xC1v',
    },
  },
};
