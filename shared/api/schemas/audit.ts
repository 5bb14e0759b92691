import { AUDIT_ACTIONS } from '#shared/domain/audit';
import { closedObject, nullable, ref, timestamp, uuid, type JsonSchema } from './primitives';

/** The audit trail (docs/api.md, "Audit trail"): who changed what, when, and the post's version after it. */
export const auditSchemas: Record<string, JsonSchema> = {
  AuditEntry: closedObject({
    id: uuid,
    at: { ...timestamp, description: 'When the change was made.' },
    actor: closedObject(
      {
        type: { type: 'string', enum: ['api_key', 'oauth_client', 'dashboard'] },
        id: { type: 'string', description: "The API key's id, the OAuth connection's id, or the account's id for the dashboard owner." },
        name: nullable({ type: 'string', description: "The key's or client's name as it was then; null for the dashboard owner." }),
      },
      { description: 'Who made the change.' },
    ),
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    target: closedObject(
      {
        type: { type: 'string', enum: ['post', 'key', 'webhook', 'profile', 'queue', 'connection', 'inbox_item', 'series'] },
        id: { type: 'string', description: "The thing's id (the account's id for its posting queue)." },
      },
      { description: 'What was changed.' },
    ),
    version: nullable({
      type: 'integer',
      minimum: 1,
      description: "The post's version after the change (the version deleted, for post.deleted); null for things without versions.",
    }),
    details: nullable({
      type: 'object',
      description: 'A few facts of the change (a key name and scope, a webhook URL, ...); null when none.',
    }),
  }),
  AuditPage: closedObject({
    entries: { type: 'array', items: ref('AuditEntry'), maxItems: 100, description: 'Newest first.' },
    next_cursor: nullable({
      type: 'string',
      description: 'Pass as `cursor` (with the same from and to) for the next page; null on the last page.',
    }),
  }),
};
