import { POLL_DURATIONS, REPLY_CONTROLS, SELF_LABELS } from '#shared/domain/platform-options';
import type { JsonSchema } from './primitives';

/** The response pieces of docs/api.md, "Platform options": the post's options as sent, and what the preview shows of them. */
const strings = (items: JsonSchema): JsonSchema => ({ type: 'array', items });

export const postPlatformOptions: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Options per platform beyond the text, as sent; {} when none.',
  properties: {
    bluesky: {
      type: 'object',
      additionalProperties: false,
      properties: {
        reply_to: { type: 'string' },
        quote: { type: 'string' },
        reply_control: strings({ type: 'string', enum: [...REPLY_CONTROLS] }),
        quotes_allowed: { type: 'boolean' },
        langs: strings({ type: 'string' }),
        labels: strings({ type: 'string', enum: [...SELF_LABELS] }),
      },
    },
    linkedin: {
      type: 'object',
      additionalProperties: false,
      properties: {
        document: {
          type: 'object',
          additionalProperties: false,
          required: ['media_id', 'title'],
          properties: { media_id: { type: 'string' }, title: { type: 'string' } },
        },
        poll: {
          type: 'object',
          additionalProperties: false,
          required: ['question', 'options', 'duration'],
          properties: {
            question: { type: 'string' },
            options: strings({ type: 'string' }),
            duration: { type: 'string', enum: [...POLL_DURATIONS] },
          },
        },
      },
    },
  },
};

export const blueskyOptionsPreview: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['quotes_disabled'],
  description: 'What the options put on the records (present when the post has Bluesky options).',
  properties: {
    reply_to: {
      type: 'string',
      description: 'As sent; the post answered is looked up, and its thread root found, when the post is created.',
    },
    quote: { type: 'string', description: 'As sent; looked up (and checked quotable) when the post is created.' },
    langs: strings({ type: 'string' }),
    labels: strings({ type: 'string', enum: [...SELF_LABELS] }),
    threadgate_allow: {
      ...strings({ type: 'string' }),
      description: "The threadgate's rules on the thread's first post ([]: nobody may reply); absent: everyone may.",
    },
    quotes_disabled: { type: 'boolean', description: 'true: a postgate disabling quotes on each post of the thread.' },
  },
};

export const linkedinOptionsPreview: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'The post content the options make (present when the post has a LinkedIn document or poll).',
  properties: {
    document: {
      type: 'object',
      additionalProperties: false,
      required: ['media_id', 'title'],
      properties: { media_id: { type: 'string' }, title: { type: 'string' } },
      description: 'Uploaded through the Documents API when published; its URN then goes in content.media with the title.',
    },
    poll: {
      type: 'object',
      additionalProperties: false,
      required: ['question', 'options', 'settings'],
      properties: {
        question: { type: 'string' },
        options: { type: 'array', items: { type: 'object', required: ['text'], properties: { text: { type: 'string' } } } },
        settings: { type: 'object', required: ['duration'], properties: { duration: { type: 'string', enum: [...POLL_DURATIONS] } } },
      },
      description: 'content.poll as sent.',
    },
  },
};
