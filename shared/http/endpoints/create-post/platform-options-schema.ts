import {
  MAX_LANGS,
  MAX_POLL_OPTION,
  MAX_POLL_OPTIONS,
  MAX_POLL_QUESTION,
  MIN_POLL_OPTIONS,
  POLL_DURATIONS,
  REPLY_CONTROLS,
  SELF_LABELS,
} from '#shared/domain/platform-options';
import type { Schema } from '#shared/http/validation';

/**
 * `platform_options` (docs/api.md, "Platform options"), a reusable piece (PATCH, batch, preview and
 * drafts take POST /posts's). Every failure is INVALID_FIELD named `platform_options.<platform>.<option>`
 * (`x-error-field` keeps a poll's or a document's inner failures under the option's name); the rules
 * across fields are shared/domain/platform-options.ts's.
 */
const postReference = (description: string): Schema => ({
  type: 'string',
  minLength: 1,
  maxLength: 512,
  description,
  example: 'https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a',
});

/** A text with something in it (the pattern), at most `maxLength`: the fewest keywords, as each adds to the generated validator. */
const text = (maxLength: number, description: string, example: string): Schema => ({
  type: 'string',
  maxLength,
  pattern: '\\S',
  description,
  example,
});

const blueskyOptions: Schema = {
  type: 'object',
  additionalProperties: false,
  'x-error-code': 'INVALID_FIELD',
  description: 'What the Bluesky post answers or quotes, who may reply or quote it, its languages and self-labels.',
  properties: {
    reply_to: postReference('The post this one answers (a bsky.app post URL or an at:// URI); checked to exist when the post is created.'),
    quote: postReference('The post this one quotes (a bsky.app post URL or an at:// URI); it must exist and allow quotes.'),
    reply_control: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: [...REPLY_CONTROLS] },
      description:
        'Who may reply (a threadgate): any of mentioned, followers, following, or nobody alone; absent: everyone. Not with reply_to.',
      example: ['mentioned'],
    },
    quotes_allowed: { type: 'boolean', description: 'false: nobody may quote the post (a postgate); default true.', example: false },
    langs: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_LANGS,
      uniqueItems: true,
      items: { type: 'string', maxLength: 64 },
      description: 'BCP 47 language tags, at most 3 (not guessed from the text when absent).',
      example: ['en', 'pt-BR'],
    },
    labels: {
      type: 'array',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: [...SELF_LABELS] },
      description: 'Self-labels for adult or graphic content.',
      example: ['graphic-media'],
    },
  },
};

const linkedinOptions: Schema = {
  type: 'object',
  additionalProperties: false,
  'x-error-code': 'INVALID_FIELD',
  description: 'A PDF document or a poll; either one excludes the other and images or video.',
  properties: {
    document: {
      type: 'object',
      additionalProperties: false,
      required: ['media_id', 'title'],
      'x-error-field': true,
      'x-error-code': 'INVALID_FIELD',
      description: 'A ready application/pdf media (at most 100 MB and 300 pages) shown as a document carousel.',
      properties: {
        media_id: { type: 'string', maxLength: 64, description: 'From POST /media with content_type application/pdf.' },
        title: text(400, 'The title shown above the document.', 'Our Q3 report'),
      },
    },
    poll: {
      type: 'object',
      additionalProperties: false,
      required: ['question', 'options', 'duration'],
      'x-error-field': true,
      'x-error-code': 'INVALID_FIELD',
      description: 'A poll: a question, 2 to 4 different options, and how long it stays open.',
      properties: {
        question: text(MAX_POLL_QUESTION, 'At most 140 characters.', 'Which release should come first?'),
        options: {
          type: 'array',
          minItems: MIN_POLL_OPTIONS,
          maxItems: MAX_POLL_OPTIONS,
          items: text(MAX_POLL_OPTION, 'At most 30 characters.', 'Dark mode'),
          example: ['Dark mode', 'Offline sync'],
        },
        duration: { type: 'string', enum: [...POLL_DURATIONS], example: 'THREE_DAYS' },
      },
    },
  },
};

export const platformOptionsSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  'x-error-code': 'INVALID_FIELD',
  description: 'Options per platform beyond the text (docs/api.md, "Platform options"); each key must be one of the post\'s platforms.',
  properties: { bluesky: blueskyOptions, linkedin: linkedinOptions },
  example: { bluesky: { reply_control: ['mentioned'], langs: ['en'] } },
};
