import { SECRET_PATTERN } from '#shared/domain/webhook-signature';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, type AnyWebhookEventType } from '#shared/domain/webhook-events';
import { closedObject, nullable, ref, timestamp, uuid, type JsonSchema } from './primitives';

/**
 * The webhook resources of the API, and the events themselves: OpenAPI 3.1's top-level
 * `webhooks` describes each request the service sends to an endpoint (its body and headers).
 */
const eventType = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] };

export const webhookResourceSchemas: Record<string, JsonSchema> = {
  Webhook: closedObject(
    {
      id: uuid,
      url: { type: 'string', format: 'uri', description: 'Where events are POSTed.' },
      events: { type: 'array', items: eventType, minItems: 1, uniqueItems: true, description: 'The event types it receives.' },
      description: nullable({ type: 'string', maxLength: 200 }),
      created_at: timestamp,
    },
    { description: 'Never carries the signing secret.' },
  ),
  WebhookList: closedObject({ webhooks: { type: 'array', items: ref('Webhook'), maxItems: 10, description: 'Oldest first.' } }),
  WebhookResponse: closedObject({ webhook: ref('Webhook') }),
  CreatedWebhook: closedObject({
    webhook: ref('Webhook'),
    secret: {
      type: 'string',
      pattern: SECRET_PATTERN.source,
      description: 'The signing secret, shown this once (it is stored encrypted).',
    },
  }),
  RotatedWebhookSecret: closedObject({
    webhook: ref('Webhook'),
    secret: {
      type: 'string',
      pattern: SECRET_PATTERN.source,
      description:
        'The new signing secret, shown this once (it is stored encrypted); the one it replaces keeps signing beside it for 24 hours.',
    },
  }),
  TestEventAccepted: closedObject({ event_id: { ...uuid, description: 'The webhook-id its deliveries carry.' } }),
  Delivery: closedObject({
    id: uuid,
    event_id: { ...uuid, description: 'The event, sent as webhook-id: the same on every attempt.' },
    type: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE] },
    attempt: { type: 'integer', minimum: 1, description: "1 to 8; an operator's replay of a delivery that gave up adds one more." },
    status: { type: 'string', enum: ['succeeded', 'failed', 'pending'] },
    response_status: nullable({
      type: 'integer',
      minimum: 100,
      maximum: 599,
      description: "The endpoint's HTTP status; null when none came (refused, timeout, network).",
    }),
    error: nullable({ type: 'string', description: 'Why the attempt failed.' }),
    duration_ms: nullable({ type: 'integer', minimum: 0 }),
    attempted_at: nullable({ ...timestamp, description: 'null while the attempt waits for its time.' }),
    next_attempt_at: nullable({
      ...timestamp,
      description: 'Pending: when it is due. Failed: when the next attempt is due; null when none will follow.',
    }),
  }),
  DeliveryPage: closedObject({
    deliveries: { type: 'array', items: ref('Delivery'), maxItems: 100 },
    next_cursor: nullable({ type: 'string', description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
  PostEventData: closedObject({ post: ref('Post') }, { description: 'The post as GET /posts/{id} showed it when it reached this status.' }),
  ProfileEventData: closedObject({ profile: ref('Profile') }),
  InboxEventData: closedObject({ item: ref('InboxItem') }, { description: 'The inbox item as GET /inbox/{id} showed it then.' }),
  TestEventData: closedObject({ webhook_id: uuid, message: { type: 'string' } }),
};

const DATA: Record<AnyWebhookEventType, string> = {
  'post.published': 'PostEventData',
  'post.partially_published': 'PostEventData',
  'post.failed': 'PostEventData',
  'profile.needs_reconnect': 'ProfileEventData',
  'profile.expiring': 'ProfileEventData',
  'post.metrics_updated': 'PostEventData',
  'inbox.received': 'InboxEventData',
  'inbox.reply_published': 'InboxEventData',
  'inbox.reply_failed': 'InboxEventData',
  [TEST_EVENT_TYPE]: 'TestEventData',
};

const WHEN: Record<AnyWebhookEventType, string> = {
  'post.published': 'A post went out to every one of its platforms.',
  'post.partially_published': 'A post went out to some of its platforms and failed on the others (see `results`).',
  'post.failed': "A post went out nowhere (see each platform's `error`).",
  'profile.needs_reconnect': "Publishing found the profile's credentials revoked or expired: connect it again.",
  'profile.expiring': 'The LinkedIn access token expires within 7 days (`expires_at`); sent once per token. Reconnect to renew it.',
  'post.metrics_updated':
    "A collection read the post's figures back (`results[platform].metrics`). Opt-in: sent only to endpoints that list it in `events`.",
  'inbox.received':
    'A collection found a new reply, mention, quote or comment (docs/api.md, "Inbox"). Opt-in: sent only to endpoints that list it in `events`.',
  'inbox.reply_published': 'A reply from the inbox went out on its platform (`item.reply.url`).',
  'inbox.reply_failed': 'A reply from the inbox failed (`item.reply.error`); the item keeps it, and a new reply may be sent.',
  [TEST_EVENT_TYPE]: 'Sent on request (POST /webhooks/{id}/test), whatever the endpoint subscribed to.',
};

const header = (name: string, description: string, schema: JsonSchema) => ({ name, in: 'header', required: true, description, schema });

/** The `webhooks` object: one entry per event type. */
export function webhooksSection(): JsonSchema {
  return Object.fromEntries(
    (Object.keys(DATA) as AnyWebhookEventType[]).map((type) => [
      type,
      {
        post: {
          summary: type,
          description: `${WHEN[type]} Delivered at least once: answer 2xx within 10 s; anything else is retried after about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h. Deduplicate on webhook-id; verify the signature (Standard Webhooks) before trusting the body.`,
          operationId: `event${type
            .split(/[._]/)
            .map((part) => part[0]!.toUpperCase() + part.slice(1))
            .join('')}`,
          tags: ['Webhooks'],
          parameters: [
            header('webhook-id', 'The event id: the same on every attempt.', uuid),
            header('webhook-timestamp', 'When this attempt was signed (unix seconds); reject ones far from your clock.', {
              type: 'string',
              pattern: '^\\d+$',
            }),
            header(
              'webhook-signature',
              '`v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded part of the secret after `whsec_`. ' +
                'For 24 hours after a rotation, one such signature per secret in force, separated by spaces (the new secret first): accept the request when any one verifies.',
              { type: 'string', pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$' },
            ),
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: closedObject({
                  type: { type: 'string', const: type },
                  timestamp: { ...timestamp, description: 'When it happened.' },
                  data: ref(DATA[type]),
                }),
              },
            },
          },
          responses: { '2XX': { description: 'Received. Any other answer (or none in 10 s) is retried.' } },
        },
      },
    ]),
  );
}
