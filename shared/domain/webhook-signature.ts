import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Standard Webhooks signing (standardwebhooks.com), through its reference library, so that what
 * receivers verify with that library is what it signs: `whsec_` + base64 of 32 random bytes as
 * the secret; `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with those bytes.
 */
export const SECRET_PREFIX = 'whsec_';
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

export const generateWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of one attempt: the event id, the attempt's time (unix seconds), the signature. */
export function signedHeaders(secret: string, eventId: string, at: Date, body: string): SignedHeaders {
  const seconds = new Date(Math.floor(at.getTime() / 1000) * 1000);
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(seconds.getTime() / 1000),
    'webhook-signature': new Webhook(secret).sign(eventId, seconds, body),
  };
}
