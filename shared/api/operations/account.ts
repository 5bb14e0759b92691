import { createKeySchema } from '#shared/http/endpoints/create-key/schema';
import type { OperationEntry } from '../operation';

const key = {
  id: '3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7',
  name: 'production',
  prefix: 'sk_Q3vX',
  scope: 'admin',
  created_at: '2026-11-20T09:00:00.000Z',
  last_used_at: '2026-11-20T09:45:00.000Z',
};

/** The account's own resources: usage and keys. */
export const accountOperations: Record<string, OperationEntry> = {
  'get-usage': {
    method: 'GET',
    path: '/usage',
    dashboardPath: '/dashboard/api/usage',
    auth: 'api-key',
    scope: 'read',
    tag: 'Usage',
    summary: "This month's usage",
    description: 'Counted per UTC calendar month of creation; resets at `resets_at`.',
    success: {
      status: 200,
      description: 'The usage.',
      schema: 'UsageResponse',
      example: { usage: { limit: 10, used: 3, remaining: 7, resets_at: '2026-12-01T00:00:00.000Z', month: '2026-11' } },
    },
    errors: [],
  },
  'list-keys': {
    method: 'GET',
    path: '/keys',
    dashboardPath: '/dashboard/api/keys',
    auth: 'api-key',
    scope: 'read',
    tag: 'Keys',
    summary: 'List API keys',
    description: 'Names, prefixes and dates; never a value or a hash.',
    success: { status: 200, description: 'The keys, oldest first.', schema: 'KeyList', example: { keys: [key] } },
    errors: [],
  },
  'create-key': {
    dashboardNote: '. The value is shown this once.',
    method: 'POST',
    path: '/keys',
    dashboardPath: '/dashboard/api/keys',
    auth: 'api-key',
    scope: 'admin',
    needs: { secretBox: 'seal' },
    tag: 'Keys',
    summary: 'Create an API key',
    description:
      'The value is in this response only; store it now. Rotation: create a new key, switch the application, test, ' +
      'delete the old one (every 90 days is recommended). Send an `idempotency-key` so that a retry after a lost answer ' +
      'returns the same key (same id and value) instead of creating a second one: the value is kept encrypted in the ' +
      'idempotency record for its 24 hours, and only its hash in the key itself. At most 100 keys per account ' +
      '(QUOTA_EXCEEDED with `quota: "keys"`: delete one first).',
    body: createKeySchema,
    idempotent: true,
    // No example: any value of the right form looks like a leaked key to secret scanners.
    success: { status: 201, description: 'Created; `api_key` is `sk_` and 43 base64url characters.', schema: 'CreatedKey' },
    errors: ['QUOTA_EXCEEDED'],
  },
  'delete-key': {
    method: 'DELETE',
    path: '/keys/{id}',
    dashboardPath: '/dashboard/api/keys/{id}',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Keys',
    summary: 'Delete an API key',
    description: "The key fails on the very next request (a key may delete itself). Unknown or another account's key: NOT_FOUND.",
    success: { status: 204, description: 'Deleted.' },
    errors: ['NOT_FOUND'],
  },
};
