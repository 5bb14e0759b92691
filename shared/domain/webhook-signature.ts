import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (standardwebhooks.com): `whsec_` + base64 of 32 random bytes as the
 * secret; `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}` keyed with those bytes.
 * Node's own HMAC (the reference library computes SHA-256 in JavaScript); the tests check
 * every signature with the published standardwebhooks library, as receivers do.
 */
export const SECRET_PREFIX = 'whsec_';
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9+/]{43}=$/;

export const generateWebhookSecret = (): string => `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The three headers of one attempt: the event id, the attempt's time (unix seconds), the
 * signature. With several secrets (a rotation's 24 hours) one signature per secret, in that
 * order, separated by spaces, as Standard Webhooks allows: a receiver holding any of them verifies.
 */
export function signedHeaders(secrets: string | readonly string[], eventId: string, at: Date, body: string): SignedHeaders {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signatures = (typeof secrets === 'string' ? [secrets] : secrets).map((secret) => {
    const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
    return `v1,${createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`, 'utf8').digest('base64')}`;
  });
  return { 'webhook-id': eventId, 'webhook-timestamp': timestamp, 'webhook-signature': signatures.join(' ') };
}
