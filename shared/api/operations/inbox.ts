import { approveInboxReplySchema } from '#shared/http/endpoints/approve-inbox-reply/schema';
import { listInboxQuerySchema } from '#shared/http/endpoints/list-inbox/schema';
import { replyInboxItemSchema } from '#shared/http/endpoints/reply-inbox-item/schema';
import { updateInboxItemSchema } from '#shared/http/endpoints/update-inbox-item/schema';
import type { OperationEntry } from '../operation';

const item = {
  id: '5d0c8f2e-3b1a-4c7d-9e6f-2a1b3c4d5e6f',
  platform: 'bluesky',
  type: 'reply',
  post_id: '9f3c2a1b-7e6d-4c5b-8a9f-0e1d2c3b4a59',
  author: {
    id: 'did:plc:4xq2mkjhq3t5ax6fj4xkq2ud',
    handle: 'bob.bsky.social',
    display_name: 'Bob',
    url: 'https://bsky.app/profile/bob.bsky.social',
  },
  text: 'Congrats! Does v2 support threads?',
  url: 'https://bsky.app/profile/bob.bsky.social/post/3lbq3aa2kzy2b',
  created_at: '2026-11-23T10:12:40.000Z',
  received_at: '2026-11-23T10:15:02.311Z',
  status: 'new',
  version: 1,
  reply: null,
};
const published = {
  ...item,
  status: 'answered',
  version: 3,
  reply: {
    status: 'published',
    content: 'It does: see https://example.com/docs',
    url: 'https://bsky.app/profile/alice.bsky.social/post/3lbq3bc5xwz2c',
    error: null,
  },
};

/** The inbox (docs/api.md, "Inbox"): what came back from the platforms, and the account's replies. */
export const inboxOperations: Record<string, OperationEntry> = {
  'list-inbox': {
    method: 'GET',
    path: '/inbox',
    dashboardPath: '/dashboard/api/inbox',
    auth: 'api-key',
    scope: 'read',
    tag: 'Inbox',
    summary: 'List the inbox',
    description:
      'Replies, mentions and quotes (Bluesky) and comments (LinkedIn) collected from the connected profiles, newest first, ' +
      "filtered by `status`, `platform` and `post_id` (a post's conversation). Collected every 5 minutes for profiles that published in the last 30 days, and on POST /inbox/refresh.",
    query: listInboxQuerySchema,
    success: { status: 200, description: 'A page of items.', schema: 'InboxPage', example: { items: [item], next_cursor: null } },
    errors: ['INVALID_FIELD'],
  },
  'get-inbox-item': {
    method: 'GET',
    path: '/inbox/{id}',
    dashboardPath: '/dashboard/api/inbox/{id}',
    auth: 'api-key',
    scope: 'read',
    tag: 'Inbox',
    summary: 'One inbox item',
    description: "The item and its reply. Unknown or another account's id: NOT_FOUND.",
    success: { status: 200, description: 'The item.', schema: 'InboxItemResponse', example: { item } },
    errors: ['NOT_FOUND'],
  },
  'update-inbox-item': {
    method: 'PATCH',
    path: '/inbox/{id}',
    dashboardPath: '/dashboard/api/inbox/{id}',
    auth: 'api-key',
    scope: 'draft',
    tag: 'Inbox',
    summary: 'Mark an inbox item',
    description: "Sets `status` to `read`, `hidden` or `new` (`answered` comes from a published reply). The item's version goes up by one.",
    body: updateInboxItemSchema,
    success: {
      status: 200,
      description: 'The item.',
      schema: 'InboxItemResponse',
      example: { item: { ...item, status: 'read', version: 2 } },
    },
    errors: ['NOT_FOUND'],
  },
  'reply-inbox-item': {
    method: 'POST',
    path: '/inbox/{id}/reply',
    dashboardPath: '/dashboard/api/inbox/{id}/reply',
    auth: 'api-key',
    scope: 'draft',
    deadline: 'outbound',
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
    tag: 'Inbox',
    summary: 'Reply to an inbox item, or propose a reply',
    description:
      "Publishes `content` as a reply on the item's platform, exactly once: on Bluesky a reply in the thread (root = the thread's root, parent = the item; " +
      'links, mentions and tags become facets; at most 300 graphemes), on LinkedIn a comment under the comment (`parentComment`; at most 1,250 characters); ' +
      'too long: INVALID_FIELD `content`. Needs a write key; with `"draft": true` the reply is only kept for a person to approve (a draft key may do that). ' +
      "The answer (202) carries the reply's outcome (`reply.status` published or failed; `publishing` while a run that stopped is finished by the next collection round). " +
      'An item whose reply is publishing or published: INVALID_POST_STATE with `status`. Each reply is in the audit trail (`inbox.replied`).',
    body: replyInboxItemSchema,
    idempotent: true,
    success: { status: 202, description: 'The item with its reply.', schema: 'InboxItemResponse', example: { item: published } },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'INVALID_POST_STATE', 'INSUFFICIENT_SCOPE'],
  },
  'approve-inbox-reply': {
    method: 'POST',
    path: '/inbox/{id}/reply/approve',
    dashboardPath: '/dashboard/api/inbox/{id}/reply/approve',
    auth: 'api-key',
    scope: 'write',
    deadline: 'outbound',
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
    tag: 'Inbox',
    summary: 'Approve a draft reply',
    description:
      'Publishes the item\'s draft reply as it stands, exactly once, as POST /inbox/{id}/reply would. With `If-Match: "v{n}"` or `expected_version`, ' +
      'only at that version of the item (else 412 VERSION_MISMATCH with `current_version`). No draft reply: INVALID_POST_STATE with `status`.',
    body: approveInboxReplySchema,
    idempotent: true,
    success: { status: 202, description: 'The item with its reply.', schema: 'InboxItemResponse', example: { item: published } },
    errors: ['NOT_FOUND', 'INVALID_FIELD', 'INVALID_POST_STATE', 'VERSION_MISMATCH'],
  },
  'refresh-inbox': {
    method: 'POST',
    path: '/inbox/refresh',
    dashboardPath: '/dashboard/api/inbox/refresh',
    auth: 'api-key',
    scope: 'write',
    deadline: 'outbound',
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
    tag: 'Inbox',
    summary: 'Collect the inbox now',
    description:
      'Collects every connected profile now and answers 202 with how many items were new. At most once a minute per account ' +
      '(RATE_LIMIT_EXCEEDED with `retry_after` and `retry-after`).',
    success: { status: 202, description: 'Collected.', schema: 'InboxRefresh', example: { received: 2 } },
    errors: ['RATE_LIMIT_EXCEEDED'],
    rateLimitVariants: ['api'],
  },
};
