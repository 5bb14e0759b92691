import { sealedResponseField } from '#shared/use-cases/sealed-response-field';

/**
 * POST /webhooks and POST /webhooks/{id}/rotate-secret honour idempotency-key: the replay shows
 * the same secret, kept sealed in the record, bound to the account and the webhook as the
 * webhook's own copy is.
 */
export const createdWebhookCodec = sealedResponseField<{ webhook: { id: string } }>('secret', (body, accountId) => ({
  account_id: accountId,
  webhook_id: body.webhook.id,
}));
