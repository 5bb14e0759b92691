import { INBOX_ITEM_TYPES, INBOX_STATUSES } from '#shared/domain/inbox';
import { closedObject, nullable, platform, ref, timestamp, uuid, type JsonSchema } from './primitives';

/** The inbox (docs/api.md, "Inbox"): what came back from the platforms, and the account's replies. */
export const inboxSchemas: Record<string, JsonSchema> = {
  InboxItem: closedObject(
    {
      id: uuid,
      platform,
      type: { type: 'string', enum: [...INBOX_ITEM_TYPES], description: 'reply, mention and quote on Bluesky; comment on LinkedIn.' },
      post_id: nullable({ ...uuid, description: 'Our post it answers (any part of its thread); null when it is about none of ours.' }),
      author: closedObject({
        id: { type: 'string', description: 'A DID on Bluesky; a person or organization URN on LinkedIn.' },
        handle: nullable({ type: 'string' }),
        display_name: nullable({ type: 'string' }),
        url: nullable({ type: 'string' }),
      }),
      text: { type: 'string' },
      url: { type: 'string', description: 'Where it is on the platform.' },
      created_at: { ...timestamp, description: 'When its author wrote it (as the platform says).' },
      received_at: { ...timestamp, description: 'When a collection took it.' },
      status: { type: 'string', enum: [...INBOX_STATUSES] },
      version: { type: 'integer', minimum: 1, description: 'Goes up by one on every change (`If-Match: "v{n}"` on approve).' },
      reply: nullable(
        closedObject({
          status: { type: 'string', enum: ['draft', 'publishing', 'published', 'failed'] },
          content: { type: 'string' },
          url: nullable({ type: 'string' }),
          error: nullable(closedObject({ code: { type: 'string' }, message: { type: 'string' } })),
        }),
      ),
    },
    { description: 'A reply, mention, quote or comment that came back, and our reply to it.' },
  ),
  InboxItemResponse: closedObject({ item: ref('InboxItem') }),
  InboxRefresh: closedObject({ received: { type: 'integer', minimum: 0, description: 'Items new to the inbox from this collection.' } }),
  InboxPage: closedObject({
    items: { type: 'array', items: ref('InboxItem'), maxItems: 100, description: 'Newest first.' },
    next_cursor: nullable({ type: 'string', description: 'Pass as `cursor` for the next page; null on the last page.' }),
  }),
};
