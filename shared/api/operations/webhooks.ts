import { createWebhookSchema } from '#shared/http/endpoints/create-webhook/schema';
import { listDeliveriesQuerySchema } from '#shared/http/endpoints/list-webhook-deliveries/schema';
import type { OperationEntry } from '../operation';

const webhook = {
  id: '5b7c9d1e-2f3a-4b5c-8d6e-7f8a9b0c1d2e',
  url: 'https://hooks.example.com/social-posting',
  events: ['post.published', 'post.partially_published', 'post.failed', 'profile.needs_reconnect', 'profile.expiring'],
  description: 'Production CRM',
  created_at: '2026-11-20T09:00:00.000Z',
};
const delivery = (attempt: number, status: string, responseStatus: number | null, attemptedAt: string, next: string | null) => ({
  id: ['0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5', '1d2e3f4a-5b6c-4d7e-8f90-91a2b3c4d5e6', '2e3f4a5b-6c7d-4e8f-9a01-a2b3c4d5e6f7'][attempt - 1],
  event_id: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d',
  type: 'post.published',
  attempt,
  status,
  response_status: responseStatus,
  error: status === 'failed' ? 'Answered 500; only a 2xx is a delivery' : null,
  duration_ms: 87,
  attempted_at: attemptedAt,
  next_attempt_at: next,
});

/** Webhook endpoints (docs/api.md, "Webhooks"); the events themselves are under `webhooks` in the document. */
export const webhookOperations: Record<string, OperationEntry> = {
  'list-webhooks': {
    method: 'GET',
    path: '/webhooks',
    dashboardPath: '/dashboard/api/webhooks',
    auth: 'api-key',
    scope: 'read',
    tag: 'Webhooks',
    summary: 'List webhook endpoints',
    description: 'Oldest first; never the signing secret.',
    success: { status: 200, description: 'The endpoints.', schema: 'WebhookList', example: { webhooks: [webhook] } },
    errors: [],
  },
  'create-webhook': {
    dashboardNote: '. The secret is shown this once.',
    method: 'POST',
    path: '/webhooks',
    dashboardPath: '/dashboard/api/webhooks',
    auth: 'api-key',
    scope: 'admin',
    deadline: 'outbound',
    needs: { secretBox: 'seal' },
    tag: 'Webhooks',
    summary: 'Add a webhook endpoint',
    description:
      'Events are POSTed to `url` as Standard Webhooks (standardwebhooks.com): headers `webhook-id` (the event id, the same on ' +
      'every retry), `webhook-timestamp` and `webhook-signature`, signed with the `secret` of this response, shown this once ' +
      '(a replay with the same idempotency-key shows it again; `POST /webhooks/{id}/rotate-secret` replaces it). The URL must be https and its name must resolve only to public ' +
      'addresses, now (else INVALID_FIELD `url`) and at every delivery. At most 20 endpoints per account (QUOTA_EXCEEDED with `quota: "webhooks"`).',
    body: createWebhookSchema,
    idempotent: true,
    // No example: any value of the right form looks like a leaked secret to secret scanners.
    success: { status: 201, description: 'Created; `secret` is `whsec_` and the base64 of 32 random bytes.', schema: 'CreatedWebhook' },
    errors: ['QUOTA_EXCEEDED'],
  },
  'get-webhook': {
    method: 'GET',
    path: '/webhooks/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Webhooks',
    summary: 'Get a webhook endpoint',
    description: "Unknown or another account's endpoint: NOT_FOUND.",
    success: { status: 200, description: 'The endpoint.', schema: 'WebhookResponse', example: { webhook } },
    errors: ['NOT_FOUND'],
  },
  'delete-webhook': {
    method: 'DELETE',
    path: '/webhooks/{id}',
    dashboardPath: '/dashboard/api/webhooks/{id}',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Webhooks',
    summary: 'Delete a webhook endpoint',
    description: 'Nothing more is sent to it; attempts still waiting end as failed. Its delivery history expires with it (30 days).',
    success: { status: 204, description: 'Deleted.' },
    errors: ['NOT_FOUND'],
  },
  'test-webhook': {
    method: 'POST',
    path: '/webhooks/{id}/test',
    dashboardPath: '/dashboard/api/webhooks/{id}/test',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Webhooks',
    summary: 'Send a test event',
    description:
      'Records a `webhook.test` event for this endpoint (whatever its `events`); it is delivered, signed and retried like any other. Follow it in the deliveries by `event_id`.',
    idempotent: true,
    success: {
      status: 202,
      description: 'The event is recorded; its delivery follows.',
      schema: 'TestEventAccepted',
      example: { event_id: '8a9b0c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d' },
    },
    errors: ['NOT_FOUND'],
  },
  'rotate-webhook-secret': {
    dashboardNote: '. The new secret is shown this once.',
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    dashboardPath: '/dashboard/api/webhooks/{id}/rotate-secret',
    auth: 'api-key',
    scope: 'admin',
    needs: { secretBox: 'seal' },
    tag: 'Webhooks',
    summary: "Rotate an endpoint's signing secret",
    description:
      'Draws a new signing secret, shown in this response only (a replay with the same idempotency-key shows the same one and ' +
      'rotates nothing). Deliveries are signed with it at once and, for 24 hours, with the secret it replaced as well: ' +
      '`webhook-signature` then carries both signatures, separated by a space, so a receiver verifies with either while it ' +
      'switches over. After 24 hours only the new secret signs. Rotating again within the 24 hours keeps the earlier secrets ' +
      "in force for their own 24 hours (at most three replaced secrets at once). Unknown or another account's endpoint: NOT_FOUND.",
    idempotent: true,
    // No example: any value of the right form looks like a leaked secret to secret scanners.
    success: {
      status: 200,
      description: 'Rotated; `secret` is `whsec_` and the base64 of 32 random bytes.',
      schema: 'RotatedWebhookSecret',
    },
    // SERVICE_UNAVAILABLE: other rotations of the endpoint kept winning; nothing was written.
    errors: ['NOT_FOUND', 'SERVICE_UNAVAILABLE'],
  },
  'list-webhook-deliveries': {
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    dashboardPath: '/dashboard/api/webhooks/{id}/deliveries',
    auth: 'api-key',
    scope: 'read',
    tag: 'Webhooks',
    summary: "List an endpoint's delivery attempts",
    description:
      'One entry per attempt of the last 30 days, newest event first (its attempts last to first); page with `next_cursor`. ' +
      '`pending`: waiting for `next_attempt_at` or being made; `failed` with a `next_attempt_at`: another attempt follows then; ' +
      '`failed` without: the delivery gave up (after 8 attempts over about 27.5 hours).',
    query: listDeliveriesQuerySchema,
    success: {
      status: 200,
      description: 'A page of attempts.',
      schema: 'DeliveryPage',
      example: {
        deliveries: [
          delivery(3, 'succeeded', 200, '2026-11-23T10:05:07.120Z', null),
          delivery(2, 'failed', 500, '2026-11-23T10:00:07.100Z', '2026-11-23T10:05:07.020Z'),
          delivery(1, 'failed', 500, '2026-11-23T10:00:02.200Z', '2026-11-23T10:00:07.050Z'),
        ],
        next_cursor: null,
      },
    },
    errors: ['NOT_FOUND'],
  },
};
