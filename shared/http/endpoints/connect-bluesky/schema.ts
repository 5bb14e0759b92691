import { requiredText, type Schema } from '#shared/http/validation';

export interface ConnectBlueskyBody {
  handle: string;
  app_password: string;
  service?: string;
}

// Empty or blank strings count as missing, as for every required text field. The app
// password's form is checked by the use case, whose message explains what an app password is.
export const connectBlueskySchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['handle', 'app_password'],
  properties: {
    handle: requiredText(256, { description: 'The Bluesky handle; a leading @ and upper case are accepted', example: 'alice.bsky.social' }),
    app_password: requiredText(64, {
      description: 'An app password created in Bluesky settings (never the main password)',
      example: 'abcd-efgh-ijkl-mnop',
    }),
    service: {
      type: 'string',
      maxLength: 2048,
      pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+',
      description: 'The PDS URL; defaults to the service setting (https://bsky.social)',
      example: 'https://bsky.social',
    },
  },
};
