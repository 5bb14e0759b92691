import { listAuditQuerySchema } from '#shared/http/endpoints/list-audit/schema';
import type { OperationEntry } from '../operation';

/** The audit trail (docs/api.md, "Audit trail"). */
export const auditOperations: Record<string, OperationEntry> = {
  'list-audit': {
    method: 'GET',
    path: '/audit',
    dashboardPath: '/dashboard/api/audit',
    auth: 'api-key',
    scope: 'admin',
    tag: 'Audit',
    summary: 'Who changed what: the audit trail',
    description:
      'Every change to the account (posts created, edited, approved, deleted, retried; keys, webhooks, profiles, the posting ' +
      'queue, connections), with who made it (an API key by id and name, an OAuth client by its connection, or the dashboard ' +
      "owner), when, what, and the post's version after it. Newest first, from `from` (included; default 7 days before `to`) " +
      'to `to` (excluded; default now); entries are kept 90 days, so `from` further back, or not before `to`, is INVALID_FIELD. ' +
      'Page with `next_cursor`. Needs an admin key.',
    query: listAuditQuerySchema,
    success: {
      status: 200,
      description: 'A page of entries, newest first.',
      schema: 'AuditPage',
      example: {
        entries: [
          {
            id: '0b9f6d2e-3c1a-4e5f-9a8b-7c6d5e4f3a2b',
            at: '2026-11-28T09:15:02.120Z',
            actor: { type: 'dashboard', id: '5d0c7a4e-8b1f-4e2d-9c3a-6f7e8d9c0b1a', name: null },
            action: 'post.approved',
            target: { type: 'post', id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59' },
            version: 3,
            details: { status: 'scheduled', scheduled_for: '2026-11-30T10:00:00.000Z', approved_version: 2 },
          },
          {
            id: '6a5b4c3d-2e1f-4a0b-8c9d-0e1f2a3b4c5d',
            at: '2026-11-28T09:02:44.901Z',
            actor: { type: 'api_key', id: '3b7e1c52-9a0d-4f6e-8c21-5d4a3b2c1e0f', name: 'writing agent' },
            action: 'post.edited',
            target: { type: 'post', id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59' },
            version: 2,
            details: { status: 'draft' },
          },
        ],
        next_cursor: null,
      },
    },
    errors: ['INVALID_FIELD'],
  },
};
