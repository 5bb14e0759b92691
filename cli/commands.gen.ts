// Generated from the operation manifest by `npm run generate` (scripts/generate/cli-commands.ts): do not edit.

import type { CliCommand } from './command-table';

export const cliCommands: readonly CliCommand[] = [
  {
    "group": "analytics",
    "verb": "get",
    "operationId": "getAnalytics",
    "summary": "Per-day figures of published posts",
    "description": "One row per UTC day from `from` to `to` (both included, at most 366 days): the posts published that day and the sums of their latest figures (`impressions` null when no post of the day has them). `platform` counts only what went out there. A missing or impossible date, `to` before `from` or a longer range: INVALID_FIELD naming the parameter.",
    "method": "GET",
    "path": "/analytics",
    "scope": "read",
    "positionals": [],
    "flags": [
      {
        "field": "from",
        "flag": "from",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "First day (UTC), YYYY-MM-DD, included."
      },
      {
        "field": "to",
        "flag": "to",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Last day (UTC), YYYY-MM-DD, included; at most 366 days from `from`."
      },
      {
        "field": "platform",
        "flag": "platform",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": false,
        "description": "Only what went out on this platform."
      }
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "audit",
    "verb": "list",
    "operationId": "listAudit",
    "summary": "Who changed what: the audit trail",
    "description": "Every change to the account (posts created, edited, approved, deleted, retried; keys, webhooks, profiles, the posting queue, connections), with who made it (an API key by id and name, an OAuth client by its connection, or the dashboard owner), when, what, and the post's version after it. Newest first, from `from` (included; default 7 days before `to`) to `to` (excluded; default now); entries are kept 90 days, so `from` further back, or not before `to`, is INVALID_FIELD. Page with `next_cursor`. Needs an admin key.",
    "method": "GET",
    "path": "/audit",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "from",
        "flag": "from",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Earliest time (ISO 8601 with zone), included; default 7 days before `to`; at most 90 days ago."
      },
      {
        "field": "to",
        "flag": "to",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Latest time, excluded; default now."
      },
      {
        "field": "limit",
        "flag": "limit",
        "aliases": [],
        "in": "query",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "Page size, 1 to 100."
      },
      {
        "field": "cursor",
        "flag": "cursor",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "next_cursor of the previous page."
      }
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "connections",
    "verb": "delete",
    "operationId": "deleteConnection",
    "summary": "Revoke a connected app",
    "description": "Every access and refresh token of the connection is refused from the next request on (401). Unknown: NOT_FOUND.",
    "method": "DELETE",
    "path": "/connections/{id}",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "connections",
    "verb": "list",
    "operationId": "listConnections",
    "summary": "List connected apps",
    "description": "Each app authorized with OAuth: its name, where its codes went, the scope granted, when, and its last use (to the minute).",
    "method": "GET",
    "path": "/connections",
    "scope": "admin",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "inbox",
    "verb": "approve-reply",
    "operationId": "approveInboxReply",
    "summary": "Approve a draft reply",
    "description": "Publishes the item's draft reply as it stands, exactly once, as POST /inbox/{id}/reply would. With `If-Match: \"v{n}\"` or `expected_version`, only at that version of the item (else 412 VERSION_MISMATCH with `current_version`). No draft reply: INVALID_POST_STATE with `status`.",
    "method": "POST",
    "path": "/inbox/{id}/reply/approve",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "expected_version",
        "flag": "expected-version",
        "aliases": [],
        "in": "body",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "The item version you saw; another: 412 VERSION_MISMATCH with current_version. Or the If-Match header."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "inbox",
    "verb": "get-item",
    "operationId": "getInboxItem",
    "summary": "One inbox item",
    "description": "The item and its reply. Unknown or another account's id: NOT_FOUND.",
    "method": "GET",
    "path": "/inbox/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "inbox",
    "verb": "list",
    "operationId": "listInbox",
    "summary": "List the inbox",
    "description": "Replies, mentions and quotes (Bluesky) and comments (LinkedIn) collected from the connected profiles, newest first, filtered by `status`, `platform` and `post_id` (a post's conversation). Collected every 5 minutes for profiles that published in the last 30 days, and on POST /inbox/refresh.",
    "method": "GET",
    "path": "/inbox",
    "scope": "read",
    "positionals": [],
    "flags": [
      {
        "field": "status",
        "flag": "status",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "choices": [
          "new",
          "read",
          "answered",
          "hidden"
        ],
        "nullable": false,
        "required": false,
        "description": "Only items in this status."
      },
      {
        "field": "platform",
        "flag": "platform",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": false,
        "description": "Only items from this platform."
      },
      {
        "field": "post_id",
        "flag": "post-id",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Only items about this post (its conversation)."
      },
      {
        "field": "limit",
        "flag": "limit",
        "aliases": [],
        "in": "query",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "Page size, 1 to 100."
      },
      {
        "field": "cursor",
        "flag": "cursor",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "next_cursor of the previous page."
      }
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "inbox",
    "verb": "refresh",
    "operationId": "refreshInbox",
    "summary": "Collect the inbox now",
    "description": "Collects every connected profile now and answers 202 with how many items were new. At most once a minute per account (RATE_LIMIT_EXCEEDED with `retry_after` and `retry-after`).",
    "method": "POST",
    "path": "/inbox/refresh",
    "scope": "write",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "inbox",
    "verb": "reply-item",
    "operationId": "replyInboxItem",
    "summary": "Reply to an inbox item, or propose a reply",
    "description": "Publishes `content` as a reply on the item's platform, exactly once: on Bluesky a reply in the thread (root = the thread's root, parent = the item; links, mentions and tags become facets; at most 300 graphemes), on LinkedIn a comment under the comment (`parentComment`; at most 1,250 characters); too long: INVALID_FIELD `content`. Needs a write key; with `\"draft\": true` the reply is only kept for a person to approve (a draft key may do that). The answer (202) carries the reply's outcome (`reply.status` published or failed; `publishing` while a run that stopped is finished by the next collection round). An item whose reply is publishing or published: INVALID_POST_STATE with `status`. Each reply is in the audit trail (`inbox.replied`).",
    "method": "POST",
    "path": "/inbox/{id}/reply",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "content",
        "flag": "content",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The reply: at most 300 graphemes on Bluesky (links, mentions and tags become facets), 1,250 characters on LinkedIn."
      },
      {
        "field": "draft",
        "flag": "draft",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: kept as a draft reply for a person to approve (a draft key may do this)."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "inbox",
    "verb": "update-item",
    "operationId": "updateInboxItem",
    "summary": "Mark an inbox item",
    "description": "Sets `status` to `read`, `hidden` or `new` (`answered` comes from a published reply). The item's version goes up by one.",
    "method": "PATCH",
    "path": "/inbox/{id}",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "status",
        "flag": "status",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "choices": [
          "new",
          "read",
          "hidden"
        ],
        "nullable": false,
        "required": true,
        "description": "read, hidden, or new again."
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "keys",
    "verb": "create",
    "operationId": "createKey",
    "summary": "Create an API key",
    "description": "The value is in this response only; store it now. Rotation: create a new key, switch the application, test, delete the old one (every 90 days is recommended). Send an `idempotency-key` so that a retry after a lost answer returns the same key (same id and value) instead of creating a second one: the value is kept encrypted in the idempotency record for its 24 hours, and only its hash in the key itself. At most 100 keys per account (QUOTA_EXCEEDED with `quota: \"keys\"`: delete one first).",
    "method": "POST",
    "path": "/keys",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "name",
        "flag": "name",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "A descriptive name, 1 to 100 characters"
      },
      {
        "field": "scope",
        "flag": "scope",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "choices": [
          "read",
          "draft",
          "write",
          "admin"
        ],
        "nullable": false,
        "required": false,
        "description": "What the key may do: read < draft < write < admin, each including the ones before it (docs/api.md, \"Key scopes\"). Default admin."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "keys",
    "verb": "delete",
    "operationId": "deleteKey",
    "summary": "Delete an API key",
    "description": "The key fails on the very next request (a key may delete itself). Unknown or another account's key: NOT_FOUND.",
    "method": "DELETE",
    "path": "/keys/{id}",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "keys",
    "verb": "list",
    "operationId": "listKeys",
    "summary": "List API keys",
    "description": "Names, prefixes and dates; never a value or a hash.",
    "method": "GET",
    "path": "/keys",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "media",
    "verb": "complete",
    "operationId": "completeMedia",
    "summary": "Finish an upload: check the image or video and prepare it",
    "description": "Checks the uploaded bytes themselves (JPEG, PNG or WebP by their magic bytes, the declared type and size, decodable, at most 40 megapixels), strips every metadata block (EXIF, GPS, XMP) from what is published, and prepares each platform's variant (Bluesky's at most 1,000,000 bytes, aspect ratio kept). A video: its container, codec, duration and dimensions are read from the bytes (INVALID_MEDIA `not_a_video`, `unsupported_codec` unless H.264, `too_long` over 3 minutes); nothing is written when it is refused. Completing ready media answers it again.",
    "method": "POST",
    "path": "/media/{id}/complete",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "media",
    "verb": "create",
    "operationId": "createMedia",
    "summary": "Start an image or video upload",
    "description": "Declares an image or a video (type, exact size, alt text) and answers a URL to PUT its bytes to, with the headers the upload must carry; the URL admits only that type and size and expires after 15 minutes. Then call complete. Media not attached to a post expires 24 hours after creation. Images are at most 20971520 bytes; a `video/mp4` (H.264, at most 3 minutes) at most 100000000 bytes (INVALID_FIELD `size_bytes` beyond). At most 50 uploads per account may be pending (declared, neither completed, deleted nor expired), declaring at most 5000000000 bytes together (QUOTA_EXCEEDED with `quota: \"pending_media\"`; `limit` is the count, or the bytes when the byte cap is what was hit).",
    "method": "POST",
    "path": "/media",
    "scope": "draft",
    "positionals": [],
    "flags": [
      {
        "field": "content_type",
        "flag": "content-type",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "choices": [
          "image/jpeg",
          "image/png",
          "image/webp",
          "video/mp4",
          "application/pdf"
        ],
        "nullable": false,
        "required": true,
        "description": "The type of the file you will upload (an image, an H.264 MP4 video, or a PDF for a LinkedIn document); the upload and complete check it."
      },
      {
        "field": "size_bytes",
        "flag": "size-bytes",
        "aliases": [],
        "in": "body",
        "kind": "integer",
        "nullable": false,
        "required": true,
        "description": "The exact size of the file in bytes; the upload URL admits only this length. Images at most 20971520, video/mp4 and application/pdf at most 100000000."
      },
      {
        "field": "alt_text",
        "flag": "alt-text",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Describes the image or video for people who cannot see it; sent to both platforms."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "media",
    "verb": "delete",
    "operationId": "deleteMedia",
    "summary": "Delete media",
    "description": "Deletes the image and its variants. Media attached to a post that is not yet final is INVALID_MEDIA `in_use`.",
    "method": "DELETE",
    "path": "/media/{id}",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "media",
    "verb": "get",
    "operationId": "getMedia",
    "summary": "Get media",
    "description": "Another account's media, or media past its expiry, is MEDIA_NOT_FOUND. Attached media shows `expires_at: null`.",
    "method": "GET",
    "path": "/media/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "posts",
    "verb": "create",
    "operationId": "createPost",
    "summary": "Create a post (now or scheduled)",
    "description": "Publishes now (status `publishing`) or at `scheduled_for` (status `scheduled`). Checks, in this order: unknown field, missing content then platforms, wrong types, CONTENT_TOO_LONG, INVALID_PLATFORMS, INVALID_SCHEDULED_TIME, PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED, then the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with `platform` and `next_available`). A created post counts 1 against the monthly limit. Send an `idempotency-key` to retry safely: the same key and body within 24 h replays the first response. With `draft: true` the post is saved as a draft after the media checks: no connection, limit or spacing check, not counted, never published until POST /posts/{id}/schedule. A draft key may create drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, otherwise).",
    "method": "POST",
    "path": "/posts",
    "scope": "draft",
    "positionals": [],
    "flags": [
      {
        "field": "content",
        "flag": "content",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The text to publish; at most 3000 UTF-16 code units."
      },
      {
        "field": "platform_content",
        "flag": "platform-content",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Optional text per platform, used instead of content there; each key must be one of platforms."
      },
      {
        "field": "platforms",
        "flag": "platforms",
        "aliases": [
          "platform"
        ],
        "in": "body",
        "kind": "string-list",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": true,
        "description": "Where to publish; duplicates are merged."
      },
      {
        "field": "scheduled_for",
        "flag": "scheduled-for",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now."
      },
      {
        "field": "media",
        "flag": "media",
        "aliases": [],
        "in": "body",
        "kind": "string-list",
        "nullable": false,
        "required": false,
        "description": "Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card."
      },
      {
        "field": "queue",
        "flag": "queue",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for."
      },
      {
        "field": "link_preview",
        "flag": "link-preview",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published)."
      },
      {
        "field": "track_links",
        "flag": "track-links",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication."
      },
      {
        "field": "utm_campaign",
        "flag": "utm-campaign",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`."
      },
      {
        "field": "draft",
        "flag": "draft",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make."
      },
      {
        "field": "first_comment",
        "flag": "first-comment",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none."
      },
      {
        "field": "platform_first_comment",
        "flag": "platform-first-comment",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms."
      },
      {
        "field": "repeat",
        "flag": "repeat",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Repeat this post: until or count (or both) is required. The post answered is the first occurrence."
      },
      {
        "field": "evergreen",
        "flag": "evergreen",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle)."
      },
      {
        "field": "platform_options",
        "flag": "platform-options",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "posts",
    "verb": "create-batch",
    "operationId": "createPostsBatch",
    "summary": "Create up to 100 posts in one request",
    "description": "Each item of `posts` is a POST /posts body and is created or refused on its own, in order, exactly as POST /posts would answer it: its own validation error, PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED (the limit counts the created items in their order), the LinkedIn spacing (also against the items before it). The answer is 200 with one result per item; only a malformed envelope (not an object, `posts` missing, not an array, empty or over 100 items, an unknown field) is refused whole. The `idempotency-key` covers the whole batch: a repeat replays the results and creates nothing. Items left when the request runs short of time are answered SERVICE_UNAVAILABLE (not attempted).",
    "method": "POST",
    "path": "/posts/batch",
    "scope": "draft",
    "positionals": [],
    "flags": [
      {
        "field": "posts",
        "flag": "posts",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": true,
        "description": "From 1 to 100 bodies of POST /posts, created in this order; each is created or refused on its own."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "posts",
    "verb": "delete",
    "operationId": "deletePost",
    "summary": "Delete a draft, scheduled or failed post",
    "description": "Cancels its schedule and frees its LinkedIn slot; does not refund the monthly count. A post that is publishing or (partially) published answers POST_PUBLISHED. Drafts are deleted too; a draft key may delete drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, on any other post).",
    "method": "DELETE",
    "path": "/posts/{id}",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "posts",
    "verb": "edit",
    "operationId": "editPost",
    "summary": "Edit, reschedule or publish now a scheduled post",
    "description": "Any of the fields of POST /posts, with the same rules, codes and precedence for each field sent; absent fields keep their value, `scheduled_for: null` publishes now, `{}` changes nothing (200 with the post). Then, in this order: POST_NOT_FOUND, POST_PUBLISHED (publishing or (partially) published), INVALID_POST_STATE (a failed post: retry it instead), PLATFORMS_NOT_CONNECTED (when platforms are sent), and the LinkedIn 60-second spacing, checked against every other LinkedIn post of the account (the post's own old time is released in the same write). Not counted against the monthly limit. An edit racing the post's time has one winner: a 200 means the post goes out with the edited text at the edited time; POST_PUBLISHED means the publisher took it first, with the text it had. A draft is edited freely and stays a draft (no connection or spacing check; its scheduled_for is a wish); a draft key may edit drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, on any other post). Pin the version you read with `If-Match: \"v{version}\"` (or `expected_version`): if the post has changed since, 412 VERSION_MISMATCH with `current_version`, right after POST_NOT_FOUND (and INSUFFICIENT_SCOPE), and nothing is changed.",
    "method": "PATCH",
    "path": "/posts/{id}",
    "scope": "draft",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "content",
        "flag": "content",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "The new text; at most 3000 UTF-16 code units."
      },
      {
        "field": "platform_content",
        "flag": "platform-content",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Replaces the texts per platform as a whole ({} removes them); each key must be one of the post's platforms."
      },
      {
        "field": "platforms",
        "flag": "platforms",
        "aliases": [
          "platform"
        ],
        "in": "body",
        "kind": "string-list",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": false,
        "description": "The new platforms (duplicates merged); a platform removed loses its platform_content text."
      },
      {
        "field": "scheduled_for",
        "flag": "scheduled-for",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "A new time (ISO 8601 with seconds and zone, 1 minute to 365 days ahead), or null to publish now; absent keeps the time."
      },
      {
        "field": "media",
        "flag": "media",
        "aliases": [],
        "in": "body",
        "kind": "string-list",
        "nullable": false,
        "required": false,
        "description": "Replaces the images as a whole ([] removes them): up to 4 ready media ids, in order."
      },
      {
        "field": "queue",
        "flag": "queue",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for."
      },
      {
        "field": "link_preview",
        "flag": "link-preview",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published)."
      },
      {
        "field": "track_links",
        "flag": "track-links",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication."
      },
      {
        "field": "utm_campaign",
        "flag": "utm-campaign",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`."
      },
      {
        "field": "draft",
        "flag": "draft",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make."
      },
      {
        "field": "first_comment",
        "flag": "first-comment",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none."
      },
      {
        "field": "platform_first_comment",
        "flag": "platform-first-comment",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms."
      },
      {
        "field": "platform_options",
        "flag": "platform-options",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms."
      },
      {
        "field": "expected_version",
        "flag": "expected-version",
        "aliases": [],
        "in": "body",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "The version of the post you read (its `version`): the change is made only while the post is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: \"v{n}\"."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "posts",
    "verb": "get",
    "operationId": "getPost",
    "summary": "Get a post",
    "description": "With each platform's result (`pending`, `published` with its URL, or `failed` with an error code).",
    "method": "GET",
    "path": "/posts/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "posts",
    "verb": "list",
    "operationId": "listPosts",
    "summary": "List posts",
    "description": "Newest first, optionally filtered by status and platform; page with `next_cursor`. Unknown or bad parameters are INVALID_FIELD naming the parameter.",
    "method": "GET",
    "path": "/posts",
    "scope": "read",
    "positionals": [],
    "flags": [
      {
        "field": "status",
        "flag": "status",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "choices": [
          "draft",
          "scheduled",
          "publishing",
          "published",
          "partially_published",
          "failed"
        ],
        "nullable": false,
        "required": false,
        "description": "Only posts in this status."
      },
      {
        "field": "platform",
        "flag": "platform",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": false,
        "description": "Only posts addressed to this platform."
      },
      {
        "field": "limit",
        "flag": "limit",
        "aliases": [],
        "in": "query",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "Page size, 1 to 100."
      },
      {
        "field": "cursor",
        "flag": "cursor",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "next_cursor of the previous page."
      }
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "posts",
    "verb": "preview",
    "operationId": "previewPost",
    "summary": "Preview what each platform would receive",
    "description": "Takes the body of POST /posts and checks it the same way up to INVALID_SCHEDULED_TIME (no connection, limit or spacing checks), then answers what each publisher would send: LinkedIn's escaped commentary, Bluesky's thread parts with their facets, and warnings. Nothing is written or counted; an idempotency-key is ignored.",
    "method": "POST",
    "path": "/posts/preview",
    "scope": "read",
    "positionals": [],
    "flags": [
      {
        "field": "content",
        "flag": "content",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The text to publish; at most 3000 UTF-16 code units."
      },
      {
        "field": "platform_content",
        "flag": "platform-content",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Optional text per platform, used instead of content there; each key must be one of platforms."
      },
      {
        "field": "platforms",
        "flag": "platforms",
        "aliases": [
          "platform"
        ],
        "in": "body",
        "kind": "string-list",
        "choices": [
          "linkedin",
          "bluesky"
        ],
        "nullable": false,
        "required": true,
        "description": "Where to publish; duplicates are merged."
      },
      {
        "field": "scheduled_for",
        "flag": "scheduled-for",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now."
      },
      {
        "field": "media",
        "flag": "media",
        "aliases": [],
        "in": "body",
        "kind": "string-list",
        "nullable": false,
        "required": false,
        "description": "Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card."
      },
      {
        "field": "queue",
        "flag": "queue",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for."
      },
      {
        "field": "link_preview",
        "flag": "link-preview",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published)."
      },
      {
        "field": "track_links",
        "flag": "track-links",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication."
      },
      {
        "field": "utm_campaign",
        "flag": "utm-campaign",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`."
      },
      {
        "field": "draft",
        "flag": "draft",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make."
      },
      {
        "field": "first_comment",
        "flag": "first-comment",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none."
      },
      {
        "field": "platform_first_comment",
        "flag": "platform-first-comment",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms."
      },
      {
        "field": "repeat",
        "flag": "repeat",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Repeat this post: until or count (or both) is required. The post answered is the first occurrence."
      },
      {
        "field": "evergreen",
        "flag": "evergreen",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle)."
      },
      {
        "field": "platform_options",
        "flag": "platform-options",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms."
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "posts",
    "verb": "refresh-metrics",
    "operationId": "refreshPostMetrics",
    "summary": "Read a post's figures again now",
    "description": "Answers the post as it stands (202); the figures of every platform it was published on are read back within seconds (GET /posts/{id} then shows them in `results[platform].metrics`). Figures are also read about 1 h, 24 h and 7 days after publishing. At most once per 5 minutes per post and 30 times an hour per account (RATE_LIMIT_EXCEEDED with `retry_after` and `retry-after`, the later wait when both hold it back); a post published on no platform: INVALID_POST_STATE. Needs a `write` key: it spends platform calls.",
    "method": "POST",
    "path": "/posts/{id}/metrics/refresh",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": true
  },
  {
    "group": "posts",
    "verb": "retry",
    "operationId": "retryPost",
    "summary": "Retry a failed or partially published post",
    "description": "Publishes again, now or at `scheduled_for`, only the platforms whose result is `failed`, except those failed with PLATFORM_OUTCOME_UNKNOWN (they may already have the post) unless `include_outcome_unknown` is true. Their results go back to `pending`; the final status is computed over all platforms. `content` corrects the text of a failed post (INVALID_POST_STATE on a partially published one). Errors after the body's: POST_NOT_FOUND, INVALID_POST_STATE (not failed or partially published, or nothing to retry), PLATFORMS_NOT_CONNECTED, and the LinkedIn spacing (a retry to LinkedIn is a LinkedIn post at its new time). Not counted against the monthly limit.",
    "method": "POST",
    "path": "/posts/{id}/retry",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "content",
        "flag": "content",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Corrected text for a failed post (not for a partially published one); it replaces the text of every platform retried."
      },
      {
        "field": "scheduled_for",
        "flag": "scheduled-for",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "When to publish again (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); absent or null: now."
      },
      {
        "field": "include_outcome_unknown",
        "flag": "include-outcome-unknown",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: also publish again where the result is PLATFORM_OUTCOME_UNKNOWN (the post may already be there). Default false."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "posts",
    "verb": "schedule",
    "operationId": "schedulePost",
    "summary": "Schedule a draft (approve it)",
    "description": "Turns a draft into a real post, now (`scheduled_for: null`, or absent on a draft without a wished time) or at `scheduled_for` (absent: the draft's own), or at the posting queue's first free slot (`queue: true`: QUEUE_NOT_CONFIGURED without a schedule, QUEUE_FULL without a free slot). Needs a write key. Errors after the body's: POST_NOT_FOUND, INVALID_POST_STATE with `status` (not a draft, including a draft another call has just scheduled), then every check of POST /posts from INVALID_SCHEDULED_TIME on, at this moment: PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED (the draft stays a draft), the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with `platform` and `next_available`). The post counts 1 against the monthly limit now, not when the draft was made. Approve what you read: with `If-Match: \"v{version}\"` (or `expected_version`) a draft edited since is refused with 412 VERSION_MISMATCH and `current_version` (right after POST_NOT_FOUND), and stays a draft.",
    "method": "POST",
    "path": "/posts/{id}/schedule",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "scheduled_for",
        "flag": "scheduled-for",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "When to publish (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); null: now; absent: the draft's own scheduled_for, or now when it has none."
      },
      {
        "field": "queue",
        "flag": "queue",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "true: at the posting queue's first free slot at least 60 s ahead (PUT /queue); not with scheduled_for."
      },
      {
        "field": "expected_version",
        "flag": "expected-version",
        "aliases": [],
        "in": "body",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "The version of the draft you approve (its `version`): the change is made only while the draft is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: \"v{n}\"."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "profiles",
    "verb": "authorize-bluesky",
    "operationId": "authorizeBluesky",
    "summary": "Start connecting a Bluesky profile with OAuth",
    "description": "Resolves the handle, sends the authorization request to the account's PDS (PAR, PKCE, DPoP) and returns our start URL with a single-use state valid for 5 minutes (as long as the PDS keeps the request). Opened in the user’s browser it binds the state to that browser (a nonce cookie) and leads on to the PDS’s sign-in, where the user signs in and allows the service; no password reaches the service. The PDS then sends that browser to GET /profiles/bluesky/callback. `return_url` must be https (or http on localhost) on an allowed host. INVALID_FIELD `handle` when the handle resolves to no account; SERVICE_UNAVAILABLE when the PDS cannot be reached or the deployment has no OAuth key.",
    "method": "POST",
    "path": "/profiles/bluesky/authorize",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "handle",
        "flag": "handle",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The Bluesky handle; a leading @ and upper case are accepted"
      },
      {
        "field": "return_url",
        "flag": "return-url",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)"
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "authorize-linkedin",
    "operationId": "authorizeLinkedin",
    "summary": "Start connecting a LinkedIn profile",
    "description": "Returns the authorization URL with a single-use state valid for 10 minutes: our start endpoint, which binds the state to the browser that opens it (a nonce cookie) and sends it on to LinkedIn's consent page. Open it in the member's browser (once: a second browser gets OAUTH_ERROR); LinkedIn then sends that browser to the callback. `return_url` must be https (or http on localhost) on an allowed host. `author: \"organization\"` also asks LinkedIn for w_organization_social and r_organization_admin, to post as a page the member administers: the profile is then created with `author: null` (not connected for posting) until a page is picked with PUT /profiles/{id}/author. The body may be empty. SERVICE_UNAVAILABLE when the deployment has no LinkedIn app configured.",
    "method": "POST",
    "path": "/profiles/linkedin/authorize",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "return_url",
        "flag": "return-url",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)"
      },
      {
        "field": "author",
        "flag": "author",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "choices": [
          "member",
          "organization"
        ],
        "nullable": false,
        "required": false,
        "description": "Who posts appear as: the member (default), or an organization page the member administers, picked after the callback with PUT /profiles/{id}/author"
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "connect-bluesky",
    "operationId": "connectBluesky",
    "summary": "Connect a Bluesky profile",
    "description": "Checks the handle and app password by signing in to the PDS, then stores them sealed (never returned, never logged). An app password has the form xxxx-xxxx-xxxx-xxxx; a main account password is refused (INVALID_FIELD).",
    "method": "POST",
    "path": "/profiles/bluesky",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "handle",
        "flag": "handle",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The Bluesky handle; a leading @ and upper case are accepted"
      },
      {
        "field": "app_password",
        "flag": "app-password",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "An app password created in Bluesky settings (never the main password)"
      },
      {
        "field": "service",
        "flag": "service",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "The PDS URL; defaults to the service setting (https://bsky.social)"
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "profiles",
    "verb": "delete",
    "operationId": "deleteProfile",
    "summary": "Disconnect a profile",
    "description": "Deletes the profile and its stored credentials; posts are untouched. The platform can be connected again at once. A Bluesky profile connected with OAuth also has its grant revoked at its PDS (best effort).",
    "method": "DELETE",
    "path": "/profiles/{id}",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "get",
    "operationId": "getProfile",
    "summary": "Get a profile",
    "description": "Another account's profile answers PROFILE_NOT_FOUND, like an unknown one.",
    "method": "GET",
    "path": "/profiles/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "list",
    "operationId": "listProfiles",
    "summary": "List connected profiles",
    "description": "At most one profile per platform, sorted by platform.",
    "method": "GET",
    "path": "/profiles",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "list-authors",
    "operationId": "listProfileAuthors",
    "summary": "List who a profile can post as",
    "description": "The member who connected, then (for a LinkedIn profile connected with author \"organization\") the pages that member administers (approved ADMINISTRATOR roles), asked of LinkedIn at most once per 5 minutes per profile: a page granted since can take up to 5 minutes to appear. Other profiles list their member alone. OAUTH_ERROR when LinkedIn refuses the stored token (reconnect), SERVICE_UNAVAILABLE when LinkedIn is down.",
    "method": "GET",
    "path": "/profiles/{id}/authors",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "profiles",
    "verb": "set-author",
    "operationId": "setProfileAuthor",
    "summary": "Pick the LinkedIn page a profile posts as",
    "description": "For a LinkedIn profile connected with author \"organization\": the page, one its member administers now (checked with LinkedIn); another id, or a profile that posts as its member, is INVALID_FIELD `organization_id`. Posts, images and link-card thumbnails then go out as `urn:li:organization:{id}`. May be called again to switch pages.",
    "method": "PUT",
    "path": "/profiles/{id}/author",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "organization_id",
        "flag": "organization-id",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "The id of a LinkedIn page the connected member administers, as GET /profiles/{id}/authors lists it"
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "queue",
    "verb": "get",
    "operationId": "getQueue",
    "summary": "The posting schedule and its next free slots",
    "description": "The weekly slots in their time zone and `next_slots`: the next 10 free slot times (UTC) at least 60 s ahead. `queue` is null while no schedule is set.",
    "method": "GET",
    "path": "/queue",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "queue",
    "verb": "put",
    "operationId": "putQueue",
    "summary": "Set the posting schedule",
    "description": "Replaces the schedule: weekly wall-clock slots in an IANA time zone (daylight saving from the zone data: a slot that does not exist on a day is skipped that day, one that exists twice is taken at its first occurrence). Posts already queued keep their times. An unknown zone: INVALID_FIELD `timezone`; a malformed slot or more than 50: INVALID_FIELD `slots`.",
    "method": "PUT",
    "path": "/queue",
    "scope": "write",
    "positionals": [],
    "flags": [
      {
        "field": "timezone",
        "flag": "timezone",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "An IANA time zone name; the slots are wall-clock times there, daylight saving included."
      },
      {
        "field": "slots",
        "flag": "slots",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": true,
        "description": "Weekly posting times, at most 50; duplicates are merged. Each is {\"day\": \"mon\"..\"sun\", \"time\": \"HH:MM\"} (24-hour)."
      },
      {
        "field": "recycle",
        "flag": "recycle",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": true,
        "required": false,
        "description": "Evergreen recycling: with when_empty, a free slot in the next day with nothing scheduled takes the evergreen post published longest ago (never one published within min_gap_days, at least 7). Absent: unchanged; null: off."
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "series",
    "verb": "delete",
    "operationId": "deleteSeries",
    "summary": "Stop a series",
    "description": "No more occurrences are made; the scheduled (or failed) ones are deleted, the published ones stay.",
    "method": "DELETE",
    "path": "/series/{id}",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "series",
    "verb": "get",
    "operationId": "getSeries",
    "summary": "A series of repeating posts",
    "description": "Its rule and variations, `next_at` (null once the rule has no occurrence left), the occurrences made so far with their status, and the occurrences skipped (refused when they were to be made: monthly limit, LinkedIn spacing, a platform not connected, no free queue slot) with the reason. Unknown, deleted or another account's: NOT_FOUND.",
    "method": "GET",
    "path": "/series/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "series",
    "verb": "patch",
    "operationId": "patchSeries",
    "summary": "Change the rule or the variations of a series",
    "description": "From the next occurrence on: a new `rule` keeps the next occurrence at its time and steps from there (its `count` still counts every occurrence, the first included); new `variations` are used from the next occurrence. A malformed rule: INVALID_FIELD `rule`; malformed variations: INVALID_FIELD `variations`.",
    "method": "PATCH",
    "path": "/series/{id}",
    "scope": "write",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "rule",
        "flag": "rule",
        "aliases": [],
        "in": "body",
        "kind": "json",
        "nullable": false,
        "required": false,
        "description": "The new rule, from the next occurrence on (counted from that occurrence)."
      },
      {
        "field": "variations",
        "flag": "variations",
        "aliases": [
          "variation"
        ],
        "in": "body",
        "kind": "string-list",
        "nullable": false,
        "required": false,
        "description": "Up to 10 texts, each checked like content; occurrences use content, then each variation in turn."
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "settings",
    "verb": "get",
    "operationId": "getSettings",
    "summary": "The account's settings",
    "description": "Defaults for posts that do not say for themselves: `track_links` (false until set) and `utm_campaign` (null until set).",
    "method": "GET",
    "path": "/settings",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "settings",
    "verb": "put",
    "operationId": "putSettings",
    "summary": "Change the account's settings",
    "description": "The fields given replace the stored ones; the others stay (`utm_campaign: null` clears it). They apply to posts published from then on that do not set `track_links` or `utm_campaign` themselves. A malformed field: INVALID_FIELD naming it.",
    "method": "PUT",
    "path": "/settings",
    "scope": "write",
    "positionals": [],
    "flags": [
      {
        "field": "track_links",
        "flag": "track-links",
        "aliases": [],
        "in": "body",
        "kind": "boolean",
        "nullable": false,
        "required": false,
        "description": "Whether posts that do not say track their links (docs/api.md, \"Tracked links\"). Default false."
      },
      {
        "field": "utm_campaign",
        "flag": "utm-campaign",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": true,
        "required": false,
        "description": "The `utm_campaign` of tracked links of posts that do not name one; null clears it."
      }
    ],
    "body": "flat",
    "idempotent": false
  },
  {
    "group": "usage",
    "verb": "get",
    "operationId": "getUsage",
    "summary": "This month's usage",
    "description": "Counted per UTC calendar month of creation; resets at `resets_at`.",
    "method": "GET",
    "path": "/usage",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "webhooks",
    "verb": "create",
    "operationId": "createWebhook",
    "summary": "Add a webhook endpoint",
    "description": "Events are POSTed to `url` as Standard Webhooks (standardwebhooks.com): headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature`, signed with the `secret` of this response, shown this once (a replay with the same idempotency-key shows it again; `POST /webhooks/{id}/rotate-secret` replaces it). The URL must be https and its name must resolve only to public addresses, now (else INVALID_FIELD `url`) and at every delivery. At most 20 endpoints per account (QUOTA_EXCEEDED with `quota: \"webhooks\"`).",
    "method": "POST",
    "path": "/webhooks",
    "scope": "admin",
    "positionals": [],
    "flags": [
      {
        "field": "url",
        "flag": "url",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": true,
        "description": "Where events are POSTed: https (http too in local runs); its name must resolve to public addresses only, now and at every delivery."
      },
      {
        "field": "events",
        "flag": "events",
        "aliases": [
          "event"
        ],
        "in": "body",
        "kind": "string-list",
        "choices": [
          "post.published",
          "post.partially_published",
          "post.failed",
          "profile.needs_reconnect",
          "profile.expiring",
          "post.metrics_updated",
          "inbox.received",
          "inbox.reply_published",
          "inbox.reply_failed"
        ],
        "nullable": false,
        "required": false,
        "description": "The event types to receive (duplicates merged); absent: all of them. webhook.test is sent on request whatever this says."
      },
      {
        "field": "description",
        "flag": "description",
        "aliases": [],
        "in": "body",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "A note for you, at most 200 characters."
      }
    ],
    "body": "flat",
    "idempotent": true
  },
  {
    "group": "webhooks",
    "verb": "delete",
    "operationId": "deleteWebhook",
    "summary": "Delete a webhook endpoint",
    "description": "Nothing more is sent to it; attempts still waiting end as failed. Its delivery history expires with it (30 days).",
    "method": "DELETE",
    "path": "/webhooks/{id}",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "webhooks",
    "verb": "get",
    "operationId": "getWebhook",
    "summary": "Get a webhook endpoint",
    "description": "Unknown or another account's endpoint: NOT_FOUND.",
    "method": "GET",
    "path": "/webhooks/{id}",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "webhooks",
    "verb": "list",
    "operationId": "listWebhooks",
    "summary": "List webhook endpoints",
    "description": "Oldest first; never the signing secret.",
    "method": "GET",
    "path": "/webhooks",
    "scope": "read",
    "positionals": [],
    "flags": [],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "webhooks",
    "verb": "list-deliveries",
    "operationId": "listWebhookDeliveries",
    "summary": "List an endpoint's delivery attempts",
    "description": "One entry per attempt of the last 30 days, newest event first (its attempts last to first); page with `next_cursor`. `pending`: waiting for `next_attempt_at` or being made; `failed` with a `next_attempt_at`: another attempt follows then; `failed` without: the delivery gave up (after 8 attempts over about 27.5 hours).",
    "method": "GET",
    "path": "/webhooks/{id}/deliveries",
    "scope": "read",
    "positionals": [
      "id"
    ],
    "flags": [
      {
        "field": "limit",
        "flag": "limit",
        "aliases": [],
        "in": "query",
        "kind": "integer",
        "nullable": false,
        "required": false,
        "description": "Page size, 1 to 100."
      },
      {
        "field": "cursor",
        "flag": "cursor",
        "aliases": [],
        "in": "query",
        "kind": "string",
        "nullable": false,
        "required": false,
        "description": "next_cursor of the previous page."
      }
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "group": "webhooks",
    "verb": "rotate-secret",
    "operationId": "rotateWebhookSecret",
    "summary": "Rotate an endpoint's signing secret",
    "description": "Draws a new signing secret, shown in this response only (a replay with the same idempotency-key shows the same one and rotates nothing). Deliveries are signed with it at once and, for 24 hours, with the secret it replaced as well: `webhook-signature` then carries both signatures, separated by a space, so a receiver verifies with either while it switches over. After 24 hours only the new secret signs. Rotating again within the 24 hours keeps the earlier secrets in force for their own 24 hours (at most three replaced secrets at once). Unknown or another account's endpoint: NOT_FOUND.",
    "method": "POST",
    "path": "/webhooks/{id}/rotate-secret",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": true
  },
  {
    "group": "webhooks",
    "verb": "test",
    "operationId": "testWebhook",
    "summary": "Send a test event",
    "description": "Records a `webhook.test` event for this endpoint (whatever its `events`); it is delivered, signed and retried like any other. Follow it in the deliveries by `event_id`.",
    "method": "POST",
    "path": "/webhooks/{id}/test",
    "scope": "admin",
    "positionals": [
      "id"
    ],
    "flags": [],
    "body": "none",
    "idempotent": true
  }
];
