import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '#shared/domain/webhook-events';
import { requiredText, type Schema } from '#shared/http/validation';

export interface CreateWebhookBody {
  url: string;
  events?: WebhookEventType[];
  description?: string;
}

/** POST /webhooks. The URL's own rules (https, public addresses) are checked by the use case. */
export const createWebhookSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  required: ['url'],
  properties: {
    url: requiredText(2048, {
      description:
        'Where events are POSTed: https (http too in local runs); its name must resolve to public addresses only, now and at every delivery.',
      example: 'https://hooks.example.com/social-posting',
    }),
    events: {
      type: 'array',
      minItems: 1,
      maxItems: 20,
      items: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] },
      description:
        'The event types to receive (duplicates merged); absent: all of them. webhook.test is sent on request whatever this says.',
      example: ['post.published', 'post.failed'],
    },
    description: {
      type: 'string',
      maxLength: 200,
      format: 'unicode-text',
      description: 'A note for you, at most 200 characters.',
      example: 'Production CRM',
    },
  },
};
