// Generated from the operation manifest by `npm run generate` (scripts/generate-mcp-tools.ts): do not edit.

import type { McpToolDefinition } from './tool-definition';

export const mcpTools: readonly McpToolDefinition[] = [
  {
    "name": "get_analytics",
    "title": "Per-day figures of published posts",
    "description": "Per-day figures of published posts.\n\nOne row per UTC day from `from` to `to` (both included, at most 366 days): the posts published that day and the sums of their latest figures (`impressions` null when no post of the day has them). `platform` counts only what went out there. A missing or impossible date, `to` before `from` or a longer range: INVALID_FIELD naming the parameter.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "from": {
          "type": "string",
          "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
          "description": "First day (UTC), YYYY-MM-DD, included."
        },
        "to": {
          "type": "string",
          "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$",
          "description": "Last day (UTC), YYYY-MM-DD, included; at most 366 days from `from`."
        },
        "platform": {
          "type": "string",
          "enum": [
            "linkedin",
            "bluesky"
          ],
          "description": "Only what went out on this platform."
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "Per-day figures of published posts",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-analytics",
    "method": "GET",
    "path": "/analytics",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [
      "from",
      "to",
      "platform"
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_audit",
    "title": "Who changed what: the audit trail",
    "description": "Who changed what: the audit trail.\n\nEvery change to the account (posts created, edited, approved, deleted, retried; keys, webhooks, profiles, the posting queue, connections), with who made it (an API key by id and name, an OAuth client by its connection, or the dashboard owner), when, what, and the post's version after it. Newest first, from `from` (included; default 7 days before `to`) to `to` (excluded; default now); entries are kept 90 days, so `from` further back, or not before `to`, is INVALID_FIELD. Page with `next_cursor`. Needs an admin key.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "from": {
          "type": "string",
          "maxLength": 40,
          "description": "Earliest time (ISO 8601 with zone), included; default 7 days before `to`; at most 90 days ago."
        },
        "to": {
          "type": "string",
          "maxLength": 40,
          "description": "Latest time, excluded; default now."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 50,
          "description": "Page size, 1 to 100."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2048,
          "description": "next_cursor of the previous page."
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "Who changed what: the audit trail",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-audit",
    "method": "GET",
    "path": "/audit",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [
      "from",
      "to",
      "limit",
      "cursor"
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_connections",
    "title": "List connected apps",
    "description": "List connected apps.\n\nEach app authorized with OAuth: its name, where its codes went, the scope granted, when, and its last use (to the minute).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "List connected apps",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-connections",
    "method": "GET",
    "path": "/connections",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "delete_connection",
    "title": "Revoke a connected app",
    "description": "Revoke a connected app.\n\nEvery access and refresh token of the connection is refused from the next request on (401). Unknown: NOT_FOUND.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Revoke a connected app",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-connection",
    "method": "DELETE",
    "path": "/connections/{id}",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_inbox",
    "title": "List the inbox",
    "description": "List the inbox.\n\nReplies, mentions and quotes (Bluesky) and comments (LinkedIn) collected from the connected profiles, newest first, filtered by `status`, `platform` and `post_id` (a post's conversation). Collected every 5 minutes for profiles that published in the last 30 days, and on POST /inbox/refresh.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "status": {
          "type": "string",
          "enum": [
            "new",
            "read",
            "answered",
            "hidden"
          ],
          "description": "Only items in this status."
        },
        "platform": {
          "type": "string",
          "enum": [
            "linkedin",
            "bluesky"
          ],
          "description": "Only items from this platform."
        },
        "post_id": {
          "type": "string",
          "pattern": "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$",
          "description": "Only items about this post (its conversation)."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size, 1 to 100."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2048,
          "description": "next_cursor of the previous page."
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "List the inbox",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-inbox",
    "method": "GET",
    "path": "/inbox",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [
      "status",
      "platform",
      "post_id",
      "limit",
      "cursor"
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "refresh_inbox",
    "title": "Collect the inbox now",
    "description": "Collect the inbox now.\n\nCollects every connected profile now and answers 202 with how many items were new. At most once a minute per account (RATE_LIMIT_EXCEEDED with `retry_after` and `retry-after`).\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "Collect the inbox now",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "refresh-inbox",
    "method": "POST",
    "path": "/inbox/refresh",
    "scope": "write",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "get_inbox_item",
    "title": "One inbox item",
    "description": "One inbox item.\n\nThe item and its reply. Unknown or another account's id: NOT_FOUND.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "One inbox item",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-inbox-item",
    "method": "GET",
    "path": "/inbox/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "update_inbox_item",
    "title": "Mark an inbox item",
    "description": "Mark an inbox item.\n\nSets `status` to `read`, `hidden` or `new` (`answered` comes from a published reply). The item's version goes up by one.\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "status": {
          "type": "string",
          "enum": [
            "new",
            "read",
            "hidden"
          ],
          "description": "read, hidden, or new again.",
          "examples": [
            "read"
          ]
        }
      },
      "required": [
        "id",
        "status"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Mark an inbox item",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false
    },
    "operation": "update-inbox-item",
    "method": "PATCH",
    "path": "/inbox/{id}",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "reply_inbox_item",
    "title": "Reply to an inbox item, or propose a reply",
    "description": "Reply to an inbox item, or propose a reply.\n\nPublishes `content` as a reply on the item's platform, exactly once: on Bluesky a reply in the thread (root = the thread's root, parent = the item; links, mentions and tags become facets; at most 300 graphemes), on LinkedIn a comment under the comment (`parentComment`; at most 1,250 characters); too long: INVALID_FIELD `content`. Needs a write key; with `\"draft\": true` the reply is only kept for a person to approve (a draft key may do that). The answer (202) carries the reply's outcome (`reply.status` published or failed; `publishing` while a run that stopped is finished by the next collection round). An item whose reply is publishing or published: INVALID_POST_STATE with `status`. Each reply is in the audit trail (`inbox.replied`).\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "content": {
          "type": "string",
          "minLength": 1,
          "maxLength": 3000,
          "pattern": "\\S",
          "description": "The reply: at most 300 graphemes on Bluesky (links, mentions and tags become facets), 1,250 characters on LinkedIn.",
          "examples": [
            "Thanks! The docs are at https://example.com/docs"
          ]
        },
        "draft": {
          "type": "boolean",
          "description": "true: kept as a draft reply for a person to approve (a draft key may do this)."
        }
      },
      "required": [
        "id",
        "content"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Reply to an inbox item, or propose a reply",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "reply-inbox-item",
    "method": "POST",
    "path": "/inbox/{id}/reply",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "approve_inbox_reply",
    "title": "Approve a draft reply",
    "description": "Approve a draft reply.\n\nPublishes the item's draft reply as it stands, exactly once, as POST /inbox/{id}/reply would. With `If-Match: \"v{n}\"` or `expected_version`, only at that version of the item (else 412 VERSION_MISMATCH with `current_version`). No draft reply: INVALID_POST_STATE with `status`.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "expected_version": {
          "type": "integer",
          "minimum": 1,
          "description": "The item version you saw; another: 412 VERSION_MISMATCH with current_version. Or the If-Match header."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Approve a draft reply",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "approve-inbox-reply",
    "method": "POST",
    "path": "/inbox/{id}/reply/approve",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "list_keys",
    "title": "List API keys",
    "description": "List API keys.\n\nNames, prefixes and dates; never a value or a hash.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "List API keys",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-keys",
    "method": "GET",
    "path": "/keys",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "create_key",
    "title": "Create an API key",
    "description": "Create an API key.\n\nThe value is in this response only; store it now. Rotation: create a new key, switch the application, test, delete the old one (every 90 days is recommended). Send an `idempotency-key` so that a retry after a lost answer returns the same key (same id and value) instead of creating a second one: the value is kept encrypted in the idempotency record for its 24 hours, and only its hash in the key itself. At most 100 keys per account (QUOTA_EXCEEDED with `quota: \"keys\"`: delete one first).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "name": {
          "type": "string",
          "minLength": 1,
          "maxLength": 100,
          "pattern": "\\S",
          "description": "A descriptive name, 1 to 100 characters",
          "examples": [
            "production"
          ]
        },
        "scope": {
          "type": "string",
          "enum": [
            "read",
            "draft",
            "write",
            "admin"
          ],
          "default": "admin",
          "description": "What the key may do: read < draft < write < admin, each including the ones before it (docs/api.md, \"Key scopes\"). Default admin.",
          "examples": [
            "draft"
          ]
        }
      },
      "required": [
        "name"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Create an API key",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "create-key",
    "method": "POST",
    "path": "/keys",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "delete_key",
    "title": "Delete an API key",
    "description": "Delete an API key.\n\nThe key fails on the very next request (a key may delete itself). Unknown or another account's key: NOT_FOUND.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Delete an API key",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-key",
    "method": "DELETE",
    "path": "/keys/{id}",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "create_media",
    "title": "Start an image or video upload",
    "description": "Start an image or video upload.\n\nDeclares an image or a video (type, exact size, alt text) and answers a URL to PUT its bytes to, with the headers the upload must carry; the URL admits only that type and size and expires after 15 minutes. Then call complete. Media not attached to a post expires 24 hours after creation. Images are at most 20971520 bytes; a `video/mp4` (H.264, at most 3 minutes) at most 100000000 bytes (INVALID_FIELD `size_bytes` beyond). At most 50 uploads per account may be pending (declared, neither completed, deleted nor expired), declaring at most 5000000000 bytes together (QUOTA_EXCEEDED with `quota: \"pending_media\"`; `limit` is the count, or the bytes when the byte cap is what was hit).\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "content_type": {
          "type": "string",
          "enum": [
            "image/jpeg",
            "image/png",
            "image/webp",
            "video/mp4",
            "application/pdf"
          ],
          "description": "The type of the file you will upload (an image, an H.264 MP4 video, or a PDF for a LinkedIn document); the upload and complete check it.",
          "examples": [
            "image/jpeg"
          ]
        },
        "size_bytes": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000000,
          "description": "The exact size of the file in bytes; the upload URL admits only this length. Images at most 20971520, video/mp4 and application/pdf at most 100000000.",
          "examples": [
            6291456
          ]
        },
        "alt_text": {
          "type": "string",
          "maxLength": 1000,
          "description": "Describes the image or video for people who cannot see it; sent to both platforms.",
          "examples": [
            "A red kite over a snowy hill"
          ]
        }
      },
      "required": [
        "content_type",
        "size_bytes"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Start an image or video upload",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "create-media",
    "method": "POST",
    "path": "/media",
    "scope": "draft",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "get_media",
    "title": "Get media",
    "description": "Get media.\n\nAnother account's media, or media past its expiry, is MEDIA_NOT_FOUND. Attached media shows `expires_at: null`.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Get media",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-media",
    "method": "GET",
    "path": "/media/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "delete_media",
    "title": "Delete media",
    "description": "Delete media.\n\nDeletes the image and its variants. Media attached to a post that is not yet final is INVALID_MEDIA `in_use`.\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Delete media",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-media",
    "method": "DELETE",
    "path": "/media/{id}",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "complete_media",
    "title": "Finish an upload: check the image or video and prepare it",
    "description": "Finish an upload: check the image or video and prepare it.\n\nChecks the uploaded bytes themselves (JPEG, PNG or WebP by their magic bytes, the declared type and size, decodable, at most 40 megapixels), strips every metadata block (EXIF, GPS, XMP) from what is published, and prepares each platform's variant (Bluesky's at most 1,000,000 bytes, aspect ratio kept). A video: its container, codec, duration and dimensions are read from the bytes (INVALID_MEDIA `not_a_video`, `unsupported_codec` unless H.264, `too_long` over 3 minutes); nothing is written when it is refused. Completing ready media answers it again.\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Finish an upload: check the image or video and prepare it",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "complete-media",
    "method": "POST",
    "path": "/media/{id}/complete",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_posts",
    "title": "List posts",
    "description": "List posts.\n\nNewest first, optionally filtered by status and platform; page with `next_cursor`. Unknown or bad parameters are INVALID_FIELD naming the parameter.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "status": {
          "type": "string",
          "enum": [
            "draft",
            "scheduled",
            "publishing",
            "published",
            "partially_published",
            "failed"
          ],
          "description": "Only posts in this status."
        },
        "platform": {
          "type": "string",
          "enum": [
            "linkedin",
            "bluesky"
          ],
          "description": "Only posts addressed to this platform."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size, 1 to 100."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2048,
          "description": "next_cursor of the previous page."
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "List posts",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-posts",
    "method": "GET",
    "path": "/posts",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [
      "status",
      "platform",
      "limit",
      "cursor"
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "create_post",
    "title": "Create a post (now or scheduled)",
    "description": "Create a post (now or scheduled).\n\nPublishes now (status `publishing`) or at `scheduled_for` (status `scheduled`). Checks, in this order: unknown field, missing content then platforms, wrong types, CONTENT_TOO_LONG, INVALID_PLATFORMS, INVALID_SCHEDULED_TIME, PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED, then the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with `platform` and `next_available`). A created post counts 1 against the monthly limit. Send an `idempotency-key` to retry safely: the same key and body within 24 h replays the first response. With `draft: true` the post is saved as a draft after the media checks: no connection, limit or spacing check, not counted, never published until POST /posts/{id}/schedule. A draft key may create drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, otherwise).\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "content": {
          "type": "string",
          "description": "The text to publish; at most 3000 UTF-16 code units.",
          "pattern": "\\S",
          "maxLength": 3000,
          "examples": [
            "Shipping v2 today (finally) #launch"
          ]
        },
        "platform_content": {
          "type": "object",
          "description": "Optional text per platform, used instead of content there; each key must be one of platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text linkedin receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text bluesky receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Shipping v2 today 🚀"
            }
          ]
        },
        "platforms": {
          "type": "array",
          "description": "Where to publish; duplicates are merged.",
          "minItems": 1,
          "items": {
            "type": "string",
            "enum": [
              "linkedin",
              "bluesky"
            ]
          },
          "examples": [
            [
              "linkedin",
              "bluesky"
            ]
          ]
        },
        "scheduled_for": {
          "type": [
            "string",
            "null"
          ],
          "description": "ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now.",
          "examples": [
            "2026-11-23T10:00:00Z"
          ]
        },
        "media": {
          "type": "array",
          "description": "Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card.",
          "maxItems": 50,
          "items": {
            "type": "string",
            "maxLength": 64
          },
          "examples": [
            [
              "5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c"
            ]
          ]
        },
        "queue": {
          "type": "boolean",
          "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for.",
          "examples": [
            true
          ]
        },
        "link_preview": {
          "type": "boolean",
          "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published).",
          "examples": [
            false
          ]
        },
        "track_links": {
          "type": "boolean",
          "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication.",
          "examples": [
            true
          ]
        },
        "utm_campaign": {
          "type": "string",
          "pattern": "^[A-Za-z0-9._~+-]{1,100}$",
          "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`.",
          "examples": [
            "spring-launch"
          ]
        },
        "draft": {
          "type": "boolean",
          "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make.",
          "examples": [
            false
          ]
        },
        "first_comment": {
          "type": [
            "string",
            "null"
          ],
          "minLength": 1,
          "maxLength": 3000,
          "pattern": "\\S",
          "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none.",
          "examples": [
            "Sign-up link: https://example.com/v2"
          ]
        },
        "platform_first_comment": {
          "type": "object",
          "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 1250,
              "pattern": "\\S",
              "description": "The comment LinkedIn receives instead of first_comment; at most 1,250 characters.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The reply Bluesky receives instead of first_comment; at most 300 graphemes.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Sign-up link: https://example.com/v2"
            }
          ]
        },
        "repeat": {
          "description": "Repeat this post: until or count (or both) is required. The post answered is the first occurrence.",
          "allOf": [
            {
              "type": "object",
              "propertyNames": {
                "enum": [
                  "every",
                  "until",
                  "count",
                  "queue",
                  "variations"
                ]
              },
              "required": [
                "every"
              ],
              "properties": {
                "every": {
                  "type": "object",
                  "propertyNames": {
                    "enum": [
                      "days",
                      "weeks",
                      "months"
                    ]
                  },
                  "minProperties": 1,
                  "maxProperties": 1,
                  "description": "Exactly one of days, weeks or months: the step between occurrences (wall-clock time kept in the series time zone).",
                  "properties": {
                    "days": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 365
                    },
                    "weeks": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 52
                    },
                    "months": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 12
                    }
                  }
                },
                "until": {
                  "type": "string",
                  "description": "ISO 8601 date-time with zone: no occurrence after it; at most 2 years ahead."
                },
                "count": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 100,
                  "description": "Occurrences in all, the first included."
                },
                "queue": {
                  "type": "boolean",
                  "enum": [
                    true
                  ],
                  "description": "true: each later occurrence takes the first free queue slot at or after its time."
                },
                "variations": {
                  "type": "array",
                  "maxItems": 10,
                  "items": {
                    "type": "string",
                    "pattern": "\\S",
                    "maxLength": 3000
                  },
                  "description": "Up to 10 texts, each checked like content; occurrences use content, then each variation in turn.",
                  "examples": [
                    [
                      "Our guide, still the best start",
                      "New here? Start with the guide"
                    ]
                  ]
                }
              }
            }
          ],
          "examples": [
            {
              "every": {
                "weeks": 1
              },
              "count": 5,
              "variations": [
                "Still true: our guide",
                "In case you missed it: the guide"
              ]
            }
          ]
        },
        "evergreen": {
          "type": "boolean",
          "description": "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle).",
          "examples": [
            true
          ]
        },
        "platform_options": {
          "type": "object",
          "additionalProperties": false,
          "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms.",
          "properties": {
            "bluesky": {
              "type": "object",
              "additionalProperties": false,
              "description": "What the Bluesky post answers or quotes, who may reply or quote it, its languages and self-labels.",
              "properties": {
                "reply_to": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one answers (a bsky.app post URL or an at:// URI); checked to exist when the post is created.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "quote": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one quotes (a bsky.app post URL or an at:// URI); it must exist and allow quotes.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "reply_control": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "nobody",
                      "mentioned",
                      "followers",
                      "following"
                    ]
                  },
                  "description": "Who may reply (a threadgate): any of mentioned, followers, following, or nobody alone; absent: everyone. Not with reply_to.",
                  "examples": [
                    [
                      "mentioned"
                    ]
                  ]
                },
                "quotes_allowed": {
                  "type": "boolean",
                  "description": "false: nobody may quote the post (a postgate); default true.",
                  "examples": [
                    false
                  ]
                },
                "langs": {
                  "type": "array",
                  "minItems": 1,
                  "maxItems": 3,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "maxLength": 64
                  },
                  "description": "BCP 47 language tags, at most 3 (not guessed from the text when absent).",
                  "examples": [
                    [
                      "en",
                      "pt-BR"
                    ]
                  ]
                },
                "labels": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "sexual",
                      "nudity",
                      "porn",
                      "graphic-media"
                    ]
                  },
                  "description": "Self-labels for adult or graphic content.",
                  "examples": [
                    [
                      "graphic-media"
                    ]
                  ]
                }
              }
            },
            "linkedin": {
              "type": "object",
              "additionalProperties": false,
              "description": "A PDF document or a poll; either one excludes the other and images or video.",
              "properties": {
                "document": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "media_id",
                    "title"
                  ],
                  "description": "A ready application/pdf media (at most 100 MB and 300 pages) shown as a document carousel.",
                  "properties": {
                    "media_id": {
                      "type": "string",
                      "maxLength": 64,
                      "description": "From POST /media with content_type application/pdf."
                    },
                    "title": {
                      "type": "string",
                      "maxLength": 400,
                      "pattern": "\\S",
                      "description": "The title shown above the document.",
                      "examples": [
                        "Our Q3 report"
                      ]
                    }
                  }
                },
                "poll": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "question",
                    "options",
                    "duration"
                  ],
                  "description": "A poll: a question, 2 to 4 different options, and how long it stays open.",
                  "properties": {
                    "question": {
                      "type": "string",
                      "maxLength": 140,
                      "pattern": "\\S",
                      "description": "At most 140 characters.",
                      "examples": [
                        "Which release should come first?"
                      ]
                    },
                    "options": {
                      "type": "array",
                      "minItems": 2,
                      "maxItems": 4,
                      "items": {
                        "type": "string",
                        "maxLength": 30,
                        "pattern": "\\S",
                        "description": "At most 30 characters.",
                        "examples": [
                          "Dark mode"
                        ]
                      },
                      "examples": [
                        [
                          "Dark mode",
                          "Offline sync"
                        ]
                      ]
                    },
                    "duration": {
                      "type": "string",
                      "enum": [
                        "ONE_DAY",
                        "THREE_DAYS",
                        "SEVEN_DAYS",
                        "FOURTEEN_DAYS"
                      ],
                      "examples": [
                        "THREE_DAYS"
                      ]
                    }
                  }
                }
              }
            }
          },
          "examples": [
            {
              "bluesky": {
                "reply_control": [
                  "mentioned"
                ],
                "langs": [
                  "en"
                ]
              }
            }
          ]
        }
      },
      "required": [
        "content",
        "platforms"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Create a post (now or scheduled)",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "create-post",
    "method": "POST",
    "path": "/posts",
    "scope": "draft",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "create_posts_batch",
    "title": "Create up to 100 posts in one request",
    "description": "Create up to 100 posts in one request.\n\nEach item of `posts` is a POST /posts body and is created or refused on its own, in order, exactly as POST /posts would answer it: its own validation error, PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED (the limit counts the created items in their order), the LinkedIn spacing (also against the items before it). The answer is 200 with one result per item; only a malformed envelope (not an object, `posts` missing, not an array, empty or over 100 items, an unknown field) is refused whole. The `idempotency-key` covers the whole batch: a repeat replays the results and creates nothing. Items left when the request runs short of time are answered SERVICE_UNAVAILABLE (not attempted).\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "posts": {
          "type": "array",
          "description": "From 1 to 100 bodies of POST /posts, created in this order; each is created or refused on its own.",
          "minItems": 1,
          "maxItems": 100,
          "items": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "content",
              "platforms"
            ],
            "properties": {
              "content": {
                "type": "string",
                "description": "The text to publish; at most 3000 UTF-16 code units.",
                "pattern": "\\S",
                "maxLength": 3000,
                "examples": [
                  "Shipping v2 today (finally) #launch"
                ]
              },
              "platform_content": {
                "type": "object",
                "description": "Optional text per platform, used instead of content there; each key must be one of platforms.",
                "additionalProperties": false,
                "properties": {
                  "linkedin": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 3000,
                    "pattern": "\\S",
                    "description": "The text linkedin receives instead of content; at most 3000 UTF-16 code units.",
                    "examples": [
                      "Shipping v2 today #launch"
                    ]
                  },
                  "bluesky": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 3000,
                    "pattern": "\\S",
                    "description": "The text bluesky receives instead of content; at most 3000 UTF-16 code units.",
                    "examples": [
                      "Shipping v2 today #launch"
                    ]
                  }
                },
                "examples": [
                  {
                    "bluesky": "Shipping v2 today 🚀"
                  }
                ]
              },
              "platforms": {
                "type": "array",
                "description": "Where to publish; duplicates are merged.",
                "minItems": 1,
                "items": {
                  "type": "string",
                  "enum": [
                    "linkedin",
                    "bluesky"
                  ]
                },
                "examples": [
                  [
                    "linkedin",
                    "bluesky"
                  ]
                ]
              },
              "scheduled_for": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now.",
                "examples": [
                  "2026-11-23T10:00:00Z"
                ]
              },
              "media": {
                "type": "array",
                "description": "Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card.",
                "maxItems": 50,
                "items": {
                  "type": "string",
                  "maxLength": 64
                },
                "examples": [
                  [
                    "5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c"
                  ]
                ]
              },
              "queue": {
                "type": "boolean",
                "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for.",
                "examples": [
                  true
                ]
              },
              "link_preview": {
                "type": "boolean",
                "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published).",
                "examples": [
                  false
                ]
              },
              "track_links": {
                "type": "boolean",
                "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication.",
                "examples": [
                  true
                ]
              },
              "utm_campaign": {
                "type": "string",
                "pattern": "^[A-Za-z0-9._~+-]{1,100}$",
                "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`.",
                "examples": [
                  "spring-launch"
                ]
              },
              "draft": {
                "type": "boolean",
                "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make.",
                "examples": [
                  false
                ]
              },
              "first_comment": {
                "type": [
                  "string",
                  "null"
                ],
                "minLength": 1,
                "maxLength": 3000,
                "pattern": "\\S",
                "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none.",
                "examples": [
                  "Sign-up link: https://example.com/v2"
                ]
              },
              "platform_first_comment": {
                "type": "object",
                "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms.",
                "additionalProperties": false,
                "properties": {
                  "linkedin": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 1250,
                    "pattern": "\\S",
                    "description": "The comment LinkedIn receives instead of first_comment; at most 1,250 characters.",
                    "examples": [
                      "Sign-up link: https://example.com/v2"
                    ]
                  },
                  "bluesky": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": 3000,
                    "pattern": "\\S",
                    "description": "The reply Bluesky receives instead of first_comment; at most 300 graphemes.",
                    "examples": [
                      "Sign-up link: https://example.com/v2"
                    ]
                  }
                },
                "examples": [
                  {
                    "bluesky": "Sign-up link: https://example.com/v2"
                  }
                ]
              },
              "repeat": {
                "description": "Repeat this post: until or count (or both) is required. The post answered is the first occurrence.",
                "allOf": [
                  {
                    "type": "object",
                    "propertyNames": {
                      "enum": [
                        "every",
                        "until",
                        "count",
                        "queue",
                        "variations"
                      ]
                    },
                    "required": [
                      "every"
                    ],
                    "properties": {
                      "every": {
                        "type": "object",
                        "propertyNames": {
                          "enum": [
                            "days",
                            "weeks",
                            "months"
                          ]
                        },
                        "minProperties": 1,
                        "maxProperties": 1,
                        "description": "Exactly one of days, weeks or months: the step between occurrences (wall-clock time kept in the series time zone).",
                        "properties": {
                          "days": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 365
                          },
                          "weeks": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 52
                          },
                          "months": {
                            "type": "integer",
                            "minimum": 1,
                            "maximum": 12
                          }
                        }
                      },
                      "until": {
                        "type": "string",
                        "description": "ISO 8601 date-time with zone: no occurrence after it; at most 2 years ahead."
                      },
                      "count": {
                        "type": "integer",
                        "minimum": 1,
                        "maximum": 100,
                        "description": "Occurrences in all, the first included."
                      },
                      "queue": {
                        "type": "boolean",
                        "enum": [
                          true
                        ],
                        "description": "true: each later occurrence takes the first free queue slot at or after its time."
                      },
                      "variations": {
                        "type": "array",
                        "maxItems": 10,
                        "items": {
                          "type": "string",
                          "pattern": "\\S",
                          "maxLength": 3000
                        },
                        "description": "Up to 10 texts, each checked like content; occurrences use content, then each variation in turn.",
                        "examples": [
                          [
                            "Our guide, still the best start",
                            "New here? Start with the guide"
                          ]
                        ]
                      }
                    }
                  }
                ],
                "examples": [
                  {
                    "every": {
                      "weeks": 1
                    },
                    "count": 5,
                    "variations": [
                      "Still true: our guide",
                      "In case you missed it: the guide"
                    ]
                  }
                ]
              },
              "evergreen": {
                "type": "boolean",
                "description": "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle).",
                "examples": [
                  true
                ]
              },
              "platform_options": {
                "type": "object",
                "additionalProperties": false,
                "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms.",
                "properties": {
                  "bluesky": {
                    "type": "object",
                    "additionalProperties": false,
                    "description": "What the Bluesky post answers or quotes, who may reply or quote it, its languages and self-labels.",
                    "properties": {
                      "reply_to": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 512,
                        "description": "The post this one answers (a bsky.app post URL or an at:// URI); checked to exist when the post is created.",
                        "examples": [
                          "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                        ]
                      },
                      "quote": {
                        "type": "string",
                        "minLength": 1,
                        "maxLength": 512,
                        "description": "The post this one quotes (a bsky.app post URL or an at:// URI); it must exist and allow quotes.",
                        "examples": [
                          "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                        ]
                      },
                      "reply_control": {
                        "type": "array",
                        "minItems": 1,
                        "uniqueItems": true,
                        "items": {
                          "type": "string",
                          "enum": [
                            "nobody",
                            "mentioned",
                            "followers",
                            "following"
                          ]
                        },
                        "description": "Who may reply (a threadgate): any of mentioned, followers, following, or nobody alone; absent: everyone. Not with reply_to.",
                        "examples": [
                          [
                            "mentioned"
                          ]
                        ]
                      },
                      "quotes_allowed": {
                        "type": "boolean",
                        "description": "false: nobody may quote the post (a postgate); default true.",
                        "examples": [
                          false
                        ]
                      },
                      "langs": {
                        "type": "array",
                        "minItems": 1,
                        "maxItems": 3,
                        "uniqueItems": true,
                        "items": {
                          "type": "string",
                          "maxLength": 64
                        },
                        "description": "BCP 47 language tags, at most 3 (not guessed from the text when absent).",
                        "examples": [
                          [
                            "en",
                            "pt-BR"
                          ]
                        ]
                      },
                      "labels": {
                        "type": "array",
                        "minItems": 1,
                        "uniqueItems": true,
                        "items": {
                          "type": "string",
                          "enum": [
                            "sexual",
                            "nudity",
                            "porn",
                            "graphic-media"
                          ]
                        },
                        "description": "Self-labels for adult or graphic content.",
                        "examples": [
                          [
                            "graphic-media"
                          ]
                        ]
                      }
                    }
                  },
                  "linkedin": {
                    "type": "object",
                    "additionalProperties": false,
                    "description": "A PDF document or a poll; either one excludes the other and images or video.",
                    "properties": {
                      "document": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "media_id",
                          "title"
                        ],
                        "description": "A ready application/pdf media (at most 100 MB and 300 pages) shown as a document carousel.",
                        "properties": {
                          "media_id": {
                            "type": "string",
                            "maxLength": 64,
                            "description": "From POST /media with content_type application/pdf."
                          },
                          "title": {
                            "type": "string",
                            "maxLength": 400,
                            "pattern": "\\S",
                            "description": "The title shown above the document.",
                            "examples": [
                              "Our Q3 report"
                            ]
                          }
                        }
                      },
                      "poll": {
                        "type": "object",
                        "additionalProperties": false,
                        "required": [
                          "question",
                          "options",
                          "duration"
                        ],
                        "description": "A poll: a question, 2 to 4 different options, and how long it stays open.",
                        "properties": {
                          "question": {
                            "type": "string",
                            "maxLength": 140,
                            "pattern": "\\S",
                            "description": "At most 140 characters.",
                            "examples": [
                              "Which release should come first?"
                            ]
                          },
                          "options": {
                            "type": "array",
                            "minItems": 2,
                            "maxItems": 4,
                            "items": {
                              "type": "string",
                              "maxLength": 30,
                              "pattern": "\\S",
                              "description": "At most 30 characters.",
                              "examples": [
                                "Dark mode"
                              ]
                            },
                            "examples": [
                              [
                                "Dark mode",
                                "Offline sync"
                              ]
                            ]
                          },
                          "duration": {
                            "type": "string",
                            "enum": [
                              "ONE_DAY",
                              "THREE_DAYS",
                              "SEVEN_DAYS",
                              "FOURTEEN_DAYS"
                            ],
                            "examples": [
                              "THREE_DAYS"
                            ]
                          }
                        }
                      }
                    }
                  }
                },
                "examples": [
                  {
                    "bluesky": {
                      "reply_control": [
                        "mentioned"
                      ],
                      "langs": [
                        "en"
                      ]
                    }
                  }
                ]
              }
            }
          },
          "examples": [
            [
              {
                "content": "Monday: the release notes #launch",
                "platforms": [
                  "linkedin",
                  "bluesky"
                ],
                "scheduled_for": "2026-11-23T09:00:00Z"
              },
              {
                "content": "Tuesday: a customer story",
                "platforms": [
                  "bluesky"
                ],
                "scheduled_for": "2026-11-24T09:00:00Z"
              },
              {
                "content": "Now: we are live",
                "platforms": [
                  "bluesky"
                ]
              }
            ]
          ]
        }
      },
      "required": [
        "posts"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Create up to 100 posts in one request",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "create-posts-batch",
    "method": "POST",
    "path": "/posts/batch",
    "scope": "draft",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "preview_post",
    "title": "Preview what each platform would receive",
    "description": "Preview what each platform would receive.\n\nTakes the body of POST /posts and checks it the same way up to INVALID_SCHEDULED_TIME (no connection, limit or spacing checks), then answers what each publisher would send: LinkedIn's escaped commentary, Bluesky's thread parts with their facets, and warnings. Nothing is written or counted; an idempotency-key is ignored.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "content": {
          "type": "string",
          "description": "The text to publish; at most 3000 UTF-16 code units.",
          "pattern": "\\S",
          "maxLength": 3000,
          "examples": [
            "Shipping v2 today (finally) #launch"
          ]
        },
        "platform_content": {
          "type": "object",
          "description": "Optional text per platform, used instead of content there; each key must be one of platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text linkedin receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text bluesky receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Shipping v2 today 🚀"
            }
          ]
        },
        "platforms": {
          "type": "array",
          "description": "Where to publish; duplicates are merged.",
          "minItems": 1,
          "items": {
            "type": "string",
            "enum": [
              "linkedin",
              "bluesky"
            ]
          },
          "examples": [
            [
              "linkedin",
              "bluesky"
            ]
          ]
        },
        "scheduled_for": {
          "type": [
            "string",
            "null"
          ],
          "description": "ISO 8601 date-time with seconds and zone, 1 minute to 365 days ahead; absent or null publishes now.",
          "examples": [
            "2026-11-23T10:00:00Z"
          ]
        },
        "media": {
          "type": "array",
          "description": "Up to 4 ready image ids, or one video id (POST /media, then complete); duplicates are merged. Images or a video replace the link card.",
          "maxItems": 50,
          "items": {
            "type": "string",
            "maxLength": 64
          },
          "examples": [
            [
              "5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c"
            ]
          ]
        },
        "queue": {
          "type": "boolean",
          "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for.",
          "examples": [
            true
          ]
        },
        "link_preview": {
          "type": "boolean",
          "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published).",
          "examples": [
            false
          ]
        },
        "track_links": {
          "type": "boolean",
          "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication.",
          "examples": [
            true
          ]
        },
        "utm_campaign": {
          "type": "string",
          "pattern": "^[A-Za-z0-9._~+-]{1,100}$",
          "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`.",
          "examples": [
            "spring-launch"
          ]
        },
        "draft": {
          "type": "boolean",
          "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make.",
          "examples": [
            false
          ]
        },
        "first_comment": {
          "type": [
            "string",
            "null"
          ],
          "minLength": 1,
          "maxLength": 3000,
          "pattern": "\\S",
          "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none.",
          "examples": [
            "Sign-up link: https://example.com/v2"
          ]
        },
        "platform_first_comment": {
          "type": "object",
          "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 1250,
              "pattern": "\\S",
              "description": "The comment LinkedIn receives instead of first_comment; at most 1,250 characters.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The reply Bluesky receives instead of first_comment; at most 300 graphemes.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Sign-up link: https://example.com/v2"
            }
          ]
        },
        "repeat": {
          "description": "Repeat this post: until or count (or both) is required. The post answered is the first occurrence.",
          "allOf": [
            {
              "type": "object",
              "propertyNames": {
                "enum": [
                  "every",
                  "until",
                  "count",
                  "queue",
                  "variations"
                ]
              },
              "required": [
                "every"
              ],
              "properties": {
                "every": {
                  "type": "object",
                  "propertyNames": {
                    "enum": [
                      "days",
                      "weeks",
                      "months"
                    ]
                  },
                  "minProperties": 1,
                  "maxProperties": 1,
                  "description": "Exactly one of days, weeks or months: the step between occurrences (wall-clock time kept in the series time zone).",
                  "properties": {
                    "days": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 365
                    },
                    "weeks": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 52
                    },
                    "months": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 12
                    }
                  }
                },
                "until": {
                  "type": "string",
                  "description": "ISO 8601 date-time with zone: no occurrence after it; at most 2 years ahead."
                },
                "count": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 100,
                  "description": "Occurrences in all, the first included."
                },
                "queue": {
                  "type": "boolean",
                  "enum": [
                    true
                  ],
                  "description": "true: each later occurrence takes the first free queue slot at or after its time."
                },
                "variations": {
                  "type": "array",
                  "maxItems": 10,
                  "items": {
                    "type": "string",
                    "pattern": "\\S",
                    "maxLength": 3000
                  },
                  "description": "Up to 10 texts, each checked like content; occurrences use content, then each variation in turn.",
                  "examples": [
                    [
                      "Our guide, still the best start",
                      "New here? Start with the guide"
                    ]
                  ]
                }
              }
            }
          ],
          "examples": [
            {
              "every": {
                "weeks": 1
              },
              "count": 5,
              "variations": [
                "Still true: our guide",
                "In case you missed it: the guide"
              ]
            }
          ]
        },
        "evergreen": {
          "type": "boolean",
          "description": "true: once published, the post may be queued again by the queue's recycling (PUT /queue, recycle).",
          "examples": [
            true
          ]
        },
        "platform_options": {
          "type": "object",
          "additionalProperties": false,
          "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms.",
          "properties": {
            "bluesky": {
              "type": "object",
              "additionalProperties": false,
              "description": "What the Bluesky post answers or quotes, who may reply or quote it, its languages and self-labels.",
              "properties": {
                "reply_to": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one answers (a bsky.app post URL or an at:// URI); checked to exist when the post is created.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "quote": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one quotes (a bsky.app post URL or an at:// URI); it must exist and allow quotes.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "reply_control": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "nobody",
                      "mentioned",
                      "followers",
                      "following"
                    ]
                  },
                  "description": "Who may reply (a threadgate): any of mentioned, followers, following, or nobody alone; absent: everyone. Not with reply_to.",
                  "examples": [
                    [
                      "mentioned"
                    ]
                  ]
                },
                "quotes_allowed": {
                  "type": "boolean",
                  "description": "false: nobody may quote the post (a postgate); default true.",
                  "examples": [
                    false
                  ]
                },
                "langs": {
                  "type": "array",
                  "minItems": 1,
                  "maxItems": 3,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "maxLength": 64
                  },
                  "description": "BCP 47 language tags, at most 3 (not guessed from the text when absent).",
                  "examples": [
                    [
                      "en",
                      "pt-BR"
                    ]
                  ]
                },
                "labels": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "sexual",
                      "nudity",
                      "porn",
                      "graphic-media"
                    ]
                  },
                  "description": "Self-labels for adult or graphic content.",
                  "examples": [
                    [
                      "graphic-media"
                    ]
                  ]
                }
              }
            },
            "linkedin": {
              "type": "object",
              "additionalProperties": false,
              "description": "A PDF document or a poll; either one excludes the other and images or video.",
              "properties": {
                "document": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "media_id",
                    "title"
                  ],
                  "description": "A ready application/pdf media (at most 100 MB and 300 pages) shown as a document carousel.",
                  "properties": {
                    "media_id": {
                      "type": "string",
                      "maxLength": 64,
                      "description": "From POST /media with content_type application/pdf."
                    },
                    "title": {
                      "type": "string",
                      "maxLength": 400,
                      "pattern": "\\S",
                      "description": "The title shown above the document.",
                      "examples": [
                        "Our Q3 report"
                      ]
                    }
                  }
                },
                "poll": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "question",
                    "options",
                    "duration"
                  ],
                  "description": "A poll: a question, 2 to 4 different options, and how long it stays open.",
                  "properties": {
                    "question": {
                      "type": "string",
                      "maxLength": 140,
                      "pattern": "\\S",
                      "description": "At most 140 characters.",
                      "examples": [
                        "Which release should come first?"
                      ]
                    },
                    "options": {
                      "type": "array",
                      "minItems": 2,
                      "maxItems": 4,
                      "items": {
                        "type": "string",
                        "maxLength": 30,
                        "pattern": "\\S",
                        "description": "At most 30 characters.",
                        "examples": [
                          "Dark mode"
                        ]
                      },
                      "examples": [
                        [
                          "Dark mode",
                          "Offline sync"
                        ]
                      ]
                    },
                    "duration": {
                      "type": "string",
                      "enum": [
                        "ONE_DAY",
                        "THREE_DAYS",
                        "SEVEN_DAYS",
                        "FOURTEEN_DAYS"
                      ],
                      "examples": [
                        "THREE_DAYS"
                      ]
                    }
                  }
                }
              }
            }
          },
          "examples": [
            {
              "bluesky": {
                "reply_control": [
                  "mentioned"
                ],
                "langs": [
                  "en"
                ]
              }
            }
          ]
        }
      },
      "required": [
        "content",
        "platforms"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Preview what each platform would receive",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "preview-post",
    "method": "POST",
    "path": "/posts/preview",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "get_post",
    "title": "Get a post",
    "description": "Get a post.\n\nWith each platform's result (`pending`, `published` with its URL, or `failed` with an error code).\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Get a post",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-post",
    "method": "GET",
    "path": "/posts/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "edit_post",
    "title": "Edit, reschedule or publish now a scheduled post",
    "description": "Edit, reschedule or publish now a scheduled post.\n\nAny of the fields of POST /posts, with the same rules, codes and precedence for each field sent; absent fields keep their value, `scheduled_for: null` publishes now, `{}` changes nothing (200 with the post). Then, in this order: POST_NOT_FOUND, POST_PUBLISHED (publishing or (partially) published), INVALID_POST_STATE (a failed post: retry it instead), PLATFORMS_NOT_CONNECTED (when platforms are sent), and the LinkedIn 60-second spacing, checked against every other LinkedIn post of the account (the post's own old time is released in the same write). Not counted against the monthly limit. An edit racing the post's time has one winner: a 200 means the post goes out with the edited text at the edited time; POST_PUBLISHED means the publisher took it first, with the text it had. A draft is edited freely and stays a draft (no connection or spacing check; its scheduled_for is a wish); a draft key may edit drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, on any other post). Pin the version you read with `If-Match: \"v{version}\"` (or `expected_version`): if the post has changed since, 412 VERSION_MISMATCH with `current_version`, right after POST_NOT_FOUND (and INSUFFICIENT_SCOPE), and nothing is changed.\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "content": {
          "type": "string",
          "description": "The new text; at most 3000 UTF-16 code units.",
          "pattern": "\\S",
          "maxLength": 3000,
          "examples": [
            "Shipping v2 today (finally) #launch"
          ]
        },
        "platform_content": {
          "type": "object",
          "description": "Replaces the texts per platform as a whole ({} removes them); each key must be one of the post's platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text linkedin receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The text bluesky receives instead of content; at most 3000 UTF-16 code units.",
              "examples": [
                "Shipping v2 today #launch"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Shipping v2 today 🚀"
            }
          ]
        },
        "platforms": {
          "type": "array",
          "description": "The new platforms (duplicates merged); a platform removed loses its platform_content text.",
          "minItems": 1,
          "items": {
            "type": "string",
            "enum": [
              "linkedin",
              "bluesky"
            ]
          },
          "examples": [
            [
              "linkedin",
              "bluesky"
            ]
          ]
        },
        "scheduled_for": {
          "type": [
            "string",
            "null"
          ],
          "description": "A new time (ISO 8601 with seconds and zone, 1 minute to 365 days ahead), or null to publish now; absent keeps the time.",
          "examples": [
            "2026-11-23T10:00:00Z"
          ]
        },
        "media": {
          "type": "array",
          "description": "Replaces the images as a whole ([] removes them): up to 4 ready media ids, in order.",
          "maxItems": 50,
          "items": {
            "type": "string",
            "maxLength": 64
          },
          "examples": [
            [
              "5d1c8a7e-2f4b-4c3a-9e8d-7b6a5f4e3d2c"
            ]
          ]
        },
        "queue": {
          "type": "boolean",
          "description": "true: schedule at the first free slot of the posting queue (PUT /queue) at least 60 s ahead; not with scheduled_for.",
          "examples": [
            true
          ]
        },
        "link_preview": {
          "type": "boolean",
          "description": "false: no card for the first link (default true: a post without images shows its first link as a card, built when it is published).",
          "examples": [
            false
          ]
        },
        "track_links": {
          "type": "boolean",
          "description": "true: each http(s) link of the text goes out as a short link on this service that counts its clicks (docs/api.md, \"Tracked links\"); absent: the account setting (PUT /settings) at publication.",
          "examples": [
            true
          ]
        },
        "utm_campaign": {
          "type": "string",
          "pattern": "^[A-Za-z0-9._~+-]{1,100}$",
          "description": "The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`.",
          "examples": [
            "spring-launch"
          ]
        },
        "draft": {
          "type": "boolean",
          "description": "true: save as a draft (status draft): not checked for connections, not counted, not spaced, never published until POST /posts/{id}/schedule; scheduled_for is kept as the wished time. The only creation a draft key may make.",
          "examples": [
            false
          ]
        },
        "first_comment": {
          "type": [
            "string",
            "null"
          ],
          "minLength": 1,
          "maxLength": 3000,
          "pattern": "\\S",
          "description": "Published right after the post on each of its platforms: a reply on Bluesky (at most 300 graphemes), a comment on LinkedIn (at most 1,250 characters). null: none.",
          "examples": [
            "Sign-up link: https://example.com/v2"
          ]
        },
        "platform_first_comment": {
          "type": "object",
          "description": "Optional first comment per platform, used instead of first_comment there; each key must be one of platforms.",
          "additionalProperties": false,
          "properties": {
            "linkedin": {
              "type": "string",
              "minLength": 1,
              "maxLength": 1250,
              "pattern": "\\S",
              "description": "The comment LinkedIn receives instead of first_comment; at most 1,250 characters.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            },
            "bluesky": {
              "type": "string",
              "minLength": 1,
              "maxLength": 3000,
              "pattern": "\\S",
              "description": "The reply Bluesky receives instead of first_comment; at most 300 graphemes.",
              "examples": [
                "Sign-up link: https://example.com/v2"
              ]
            }
          },
          "examples": [
            {
              "bluesky": "Sign-up link: https://example.com/v2"
            }
          ]
        },
        "platform_options": {
          "type": "object",
          "additionalProperties": false,
          "description": "Options per platform beyond the text (docs/api.md, \"Platform options\"); each key must be one of the post's platforms.",
          "properties": {
            "bluesky": {
              "type": "object",
              "additionalProperties": false,
              "description": "What the Bluesky post answers or quotes, who may reply or quote it, its languages and self-labels.",
              "properties": {
                "reply_to": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one answers (a bsky.app post URL or an at:// URI); checked to exist when the post is created.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "quote": {
                  "type": "string",
                  "minLength": 1,
                  "maxLength": 512,
                  "description": "The post this one quotes (a bsky.app post URL or an at:// URI); it must exist and allow quotes.",
                  "examples": [
                    "https://bsky.app/profile/alice.bsky.social/post/3lbq2xkzxyz2a"
                  ]
                },
                "reply_control": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "nobody",
                      "mentioned",
                      "followers",
                      "following"
                    ]
                  },
                  "description": "Who may reply (a threadgate): any of mentioned, followers, following, or nobody alone; absent: everyone. Not with reply_to.",
                  "examples": [
                    [
                      "mentioned"
                    ]
                  ]
                },
                "quotes_allowed": {
                  "type": "boolean",
                  "description": "false: nobody may quote the post (a postgate); default true.",
                  "examples": [
                    false
                  ]
                },
                "langs": {
                  "type": "array",
                  "minItems": 1,
                  "maxItems": 3,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "maxLength": 64
                  },
                  "description": "BCP 47 language tags, at most 3 (not guessed from the text when absent).",
                  "examples": [
                    [
                      "en",
                      "pt-BR"
                    ]
                  ]
                },
                "labels": {
                  "type": "array",
                  "minItems": 1,
                  "uniqueItems": true,
                  "items": {
                    "type": "string",
                    "enum": [
                      "sexual",
                      "nudity",
                      "porn",
                      "graphic-media"
                    ]
                  },
                  "description": "Self-labels for adult or graphic content.",
                  "examples": [
                    [
                      "graphic-media"
                    ]
                  ]
                }
              }
            },
            "linkedin": {
              "type": "object",
              "additionalProperties": false,
              "description": "A PDF document or a poll; either one excludes the other and images or video.",
              "properties": {
                "document": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "media_id",
                    "title"
                  ],
                  "description": "A ready application/pdf media (at most 100 MB and 300 pages) shown as a document carousel.",
                  "properties": {
                    "media_id": {
                      "type": "string",
                      "maxLength": 64,
                      "description": "From POST /media with content_type application/pdf."
                    },
                    "title": {
                      "type": "string",
                      "maxLength": 400,
                      "pattern": "\\S",
                      "description": "The title shown above the document.",
                      "examples": [
                        "Our Q3 report"
                      ]
                    }
                  }
                },
                "poll": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "question",
                    "options",
                    "duration"
                  ],
                  "description": "A poll: a question, 2 to 4 different options, and how long it stays open.",
                  "properties": {
                    "question": {
                      "type": "string",
                      "maxLength": 140,
                      "pattern": "\\S",
                      "description": "At most 140 characters.",
                      "examples": [
                        "Which release should come first?"
                      ]
                    },
                    "options": {
                      "type": "array",
                      "minItems": 2,
                      "maxItems": 4,
                      "items": {
                        "type": "string",
                        "maxLength": 30,
                        "pattern": "\\S",
                        "description": "At most 30 characters.",
                        "examples": [
                          "Dark mode"
                        ]
                      },
                      "examples": [
                        [
                          "Dark mode",
                          "Offline sync"
                        ]
                      ]
                    },
                    "duration": {
                      "type": "string",
                      "enum": [
                        "ONE_DAY",
                        "THREE_DAYS",
                        "SEVEN_DAYS",
                        "FOURTEEN_DAYS"
                      ],
                      "examples": [
                        "THREE_DAYS"
                      ]
                    }
                  }
                }
              }
            }
          },
          "examples": [
            {
              "bluesky": {
                "reply_control": [
                  "mentioned"
                ],
                "langs": [
                  "en"
                ]
              }
            }
          ]
        },
        "expected_version": {
          "type": "integer",
          "minimum": 1,
          "description": "The version of the post you read (its `version`): the change is made only while the post is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: \"v{n}\"."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Edit, reschedule or publish now a scheduled post",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false
    },
    "operation": "edit-post",
    "method": "PATCH",
    "path": "/posts/{id}",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "delete_post",
    "title": "Delete a draft, scheduled or failed post",
    "description": "Delete a draft, scheduled or failed post.\n\nCancels its schedule and frees its LinkedIn slot; does not refund the monthly count. A post that is publishing or (partially) published answers POST_PUBLISHED. Drafts are deleted too; a draft key may delete drafts only (INSUFFICIENT_SCOPE, `required_scope: write`, on any other post).\n\nNeeds a key with scope `draft` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Delete a draft, scheduled or failed post",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-post",
    "method": "DELETE",
    "path": "/posts/{id}",
    "scope": "draft",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "refresh_post_metrics",
    "title": "Read a post's figures again now",
    "description": "Read a post's figures again now.\n\nAnswers the post as it stands (202); the figures of every platform it was published on are read back within seconds (GET /posts/{id} then shows them in `results[platform].metrics`). Figures are also read about 1 h, 24 h and 7 days after publishing. At most once per 5 minutes per post and 30 times an hour per account (RATE_LIMIT_EXCEEDED with `retry_after` and `retry-after`, the later wait when both hold it back); a post published on no platform: INVALID_POST_STATE. Needs a `write` key: it spends platform calls.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Read a post's figures again now",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "refresh-post-metrics",
    "method": "POST",
    "path": "/posts/{id}/metrics/refresh",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": true
  },
  {
    "name": "retry_post",
    "title": "Retry a failed or partially published post",
    "description": "Retry a failed or partially published post.\n\nPublishes again, now or at `scheduled_for`, only the platforms whose result is `failed`, except those failed with PLATFORM_OUTCOME_UNKNOWN (they may already have the post) unless `include_outcome_unknown` is true. Their results go back to `pending`; the final status is computed over all platforms. `content` corrects the text of a failed post (INVALID_POST_STATE on a partially published one). Errors after the body's: POST_NOT_FOUND, INVALID_POST_STATE (not failed or partially published, or nothing to retry), PLATFORMS_NOT_CONNECTED, and the LinkedIn spacing (a retry to LinkedIn is a LinkedIn post at its new time). Not counted against the monthly limit.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "content": {
          "type": "string",
          "description": "Corrected text for a failed post (not for a partially published one); it replaces the text of every platform retried.",
          "pattern": "\\S",
          "maxLength": 3000,
          "examples": [
            "Shipping v2 today (finally) #launch"
          ]
        },
        "scheduled_for": {
          "type": [
            "string",
            "null"
          ],
          "description": "When to publish again (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); absent or null: now.",
          "examples": [
            "2026-11-23T10:00:00Z"
          ]
        },
        "include_outcome_unknown": {
          "type": "boolean",
          "description": "true: also publish again where the result is PLATFORM_OUTCOME_UNKNOWN (the post may already be there). Default false.",
          "examples": [
            false
          ]
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Retry a failed or partially published post",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "retry-post",
    "method": "POST",
    "path": "/posts/{id}/retry",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "schedule_post",
    "title": "Schedule a draft (approve it)",
    "description": "Schedule a draft (approve it).\n\nTurns a draft into a real post, now (`scheduled_for: null`, or absent on a draft without a wished time) or at `scheduled_for` (absent: the draft's own), or at the posting queue's first free slot (`queue: true`: QUEUE_NOT_CONFIGURED without a schedule, QUEUE_FULL without a free slot). Needs a write key. Errors after the body's: POST_NOT_FOUND, INVALID_POST_STATE with `status` (not a draft, including a draft another call has just scheduled), then every check of POST /posts from INVALID_SCHEDULED_TIME on, at this moment: PLATFORMS_NOT_CONNECTED, MONTHLY_LIMIT_EXCEEDED (the draft stays a draft), the LinkedIn 60-second spacing (RATE_LIMIT_EXCEEDED with `platform` and `next_available`). The post counts 1 against the monthly limit now, not when the draft was made. Approve what you read: with `If-Match: \"v{version}\"` (or `expected_version`) a draft edited since is refused with 412 VERSION_MISMATCH and `current_version` (right after POST_NOT_FOUND), and stays a draft.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "scheduled_for": {
          "type": [
            "string",
            "null"
          ],
          "description": "When to publish (ISO 8601 with seconds and zone, 1 minute to 365 days ahead); null: now; absent: the draft's own scheduled_for, or now when it has none.",
          "examples": [
            "2026-11-23T10:00:00Z"
          ]
        },
        "queue": {
          "type": "boolean",
          "description": "true: at the posting queue's first free slot at least 60 s ahead (PUT /queue); not with scheduled_for.",
          "examples": [
            true
          ]
        },
        "expected_version": {
          "type": "integer",
          "minimum": 1,
          "description": "The version of the draft you approve (its `version`): the change is made only while the draft is still at it, else 412 VERSION_MISMATCH with `current_version`. Same as the header If-Match: \"v{n}\"."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Schedule a draft (approve it)",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "schedule-post",
    "method": "POST",
    "path": "/posts/{id}/schedule",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "list_profiles",
    "title": "List connected profiles",
    "description": "List connected profiles.\n\nAt most one profile per platform, sorted by platform.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "List connected profiles",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-profiles",
    "method": "GET",
    "path": "/profiles",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "connect_bluesky",
    "title": "Connect a Bluesky profile",
    "description": "Connect a Bluesky profile.\n\nChecks the handle and app password by signing in to the PDS, then stores them sealed (never returned, never logged). An app password has the form xxxx-xxxx-xxxx-xxxx; a main account password is refused (INVALID_FIELD).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "handle": {
          "type": "string",
          "minLength": 1,
          "maxLength": 256,
          "pattern": "\\S",
          "description": "The Bluesky handle; a leading @ and upper case are accepted",
          "examples": [
            "alice.bsky.social"
          ]
        },
        "app_password": {
          "type": "string",
          "minLength": 1,
          "maxLength": 64,
          "pattern": "\\S",
          "description": "An app password created in Bluesky settings (never the main password)",
          "examples": [
            "abcd-efgh-ijkl-mnop"
          ]
        },
        "service": {
          "type": "string",
          "maxLength": 2048,
          "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#]+",
          "description": "The PDS URL; defaults to the service setting (https://bsky.social)",
          "examples": [
            "https://bsky.social"
          ]
        }
      },
      "required": [
        "handle",
        "app_password"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Connect a Bluesky profile",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "connect-bluesky",
    "method": "POST",
    "path": "/profiles/bluesky",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "authorize_bluesky",
    "title": "Start connecting a Bluesky profile with OAuth",
    "description": "Start connecting a Bluesky profile with OAuth.\n\nResolves the handle, sends the authorization request to the account's PDS (PAR, PKCE, DPoP) and returns our start URL with a single-use state valid for 5 minutes (as long as the PDS keeps the request). Opened in the user’s browser it binds the state to that browser (a nonce cookie) and leads on to the PDS’s sign-in, where the user signs in and allows the service; no password reaches the service. The PDS then sends that browser to GET /profiles/bluesky/callback. `return_url` must be https (or http on localhost) on an allowed host. INVALID_FIELD `handle` when the handle resolves to no account; SERVICE_UNAVAILABLE when the PDS cannot be reached or the deployment has no OAuth key.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "handle": {
          "type": "string",
          "minLength": 1,
          "maxLength": 256,
          "pattern": "\\S",
          "description": "The Bluesky handle; a leading @ and upper case are accepted",
          "examples": [
            "alice.bsky.social"
          ]
        },
        "return_url": {
          "type": "string",
          "maxLength": 2048,
          "description": "Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)",
          "examples": [
            "https://app.example.com/settings/bluesky"
          ]
        }
      },
      "required": [
        "handle"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Start connecting a Bluesky profile with OAuth",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "authorize-bluesky",
    "method": "POST",
    "path": "/profiles/bluesky/authorize",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "authorize_linkedin",
    "title": "Start connecting a LinkedIn profile",
    "description": "Start connecting a LinkedIn profile.\n\nReturns the authorization URL with a single-use state valid for 10 minutes: our start endpoint, which binds the state to the browser that opens it (a nonce cookie) and sends it on to LinkedIn's consent page. Open it in the member's browser (once: a second browser gets OAUTH_ERROR); LinkedIn then sends that browser to the callback. `return_url` must be https (or http on localhost) on an allowed host. `author: \"organization\"` also asks LinkedIn for w_organization_social and r_organization_admin, to post as a page the member administers: the profile is then created with `author: null` (not connected for posting) until a page is picked with PUT /profiles/{id}/author. The body may be empty. SERVICE_UNAVAILABLE when the deployment has no LinkedIn app configured.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "return_url": {
          "type": "string",
          "maxLength": 2048,
          "description": "Where the browser goes when the flow ends (https, or http on localhost; allowed hosts only)",
          "examples": [
            "https://app.example.com/settings/linkedin"
          ]
        },
        "author": {
          "type": "string",
          "enum": [
            "member",
            "organization"
          ],
          "description": "Who posts appear as: the member (default), or an organization page the member administers, picked after the callback with PUT /profiles/{id}/author",
          "examples": [
            "organization"
          ]
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "Start connecting a LinkedIn profile",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "authorize-linkedin",
    "method": "POST",
    "path": "/profiles/linkedin/authorize",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "get_profile",
    "title": "Get a profile",
    "description": "Get a profile.\n\nAnother account's profile answers PROFILE_NOT_FOUND, like an unknown one.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Get a profile",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-profile",
    "method": "GET",
    "path": "/profiles/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "delete_profile",
    "title": "Disconnect a profile",
    "description": "Disconnect a profile.\n\nDeletes the profile and its stored credentials; posts are untouched. The platform can be connected again at once. A Bluesky profile connected with OAuth also has its grant revoked at its PDS (best effort).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Disconnect a profile",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-profile",
    "method": "DELETE",
    "path": "/profiles/{id}",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "set_profile_author",
    "title": "Pick the LinkedIn page a profile posts as",
    "description": "Pick the LinkedIn page a profile posts as.\n\nFor a LinkedIn profile connected with author \"organization\": the page, one its member administers now (checked with LinkedIn); another id, or a profile that posts as its member, is INVALID_FIELD `organization_id`. Posts, images and link-card thumbnails then go out as `urn:li:organization:{id}`. May be called again to switch pages.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "organization_id": {
          "type": "string",
          "pattern": "^[0-9]{1,19}$",
          "description": "The id of a LinkedIn page the connected member administers, as GET /profiles/{id}/authors lists it",
          "examples": [
            "2414183"
          ]
        }
      },
      "required": [
        "id",
        "organization_id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Pick the LinkedIn page a profile posts as",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "set-profile-author",
    "method": "PUT",
    "path": "/profiles/{id}/author",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "list_profile_authors",
    "title": "List who a profile can post as",
    "description": "List who a profile can post as.\n\nThe member who connected, then (for a LinkedIn profile connected with author \"organization\") the pages that member administers (approved ADMINISTRATOR roles), asked of LinkedIn at most once per 5 minutes per profile: a page granted since can take up to 5 minutes to appear. Other profiles list their member alone. OAUTH_ERROR when LinkedIn refuses the stored token (reconnect), SERVICE_UNAVAILABLE when LinkedIn is down.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "List who a profile can post as",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-profile-authors",
    "method": "GET",
    "path": "/profiles/{id}/authors",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "get_queue",
    "title": "The posting schedule and its next free slots",
    "description": "The posting schedule and its next free slots.\n\nThe weekly slots in their time zone and `next_slots`: the next 10 free slot times (UTC) at least 60 s ahead. `queue` is null while no schedule is set.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "The posting schedule and its next free slots",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-queue",
    "method": "GET",
    "path": "/queue",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "put_queue",
    "title": "Set the posting schedule",
    "description": "Set the posting schedule.\n\nReplaces the schedule: weekly wall-clock slots in an IANA time zone (daylight saving from the zone data: a slot that does not exist on a day is skipped that day, one that exists twice is taken at its first occurrence). Posts already queued keep their times. An unknown zone: INVALID_FIELD `timezone`; a malformed slot or more than 50: INVALID_FIELD `slots`.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "timezone": {
          "type": "string",
          "description": "An IANA time zone name; the slots are wall-clock times there, daylight saving included.",
          "maxLength": 100,
          "examples": [
            "Europe/Berlin"
          ]
        },
        "slots": {
          "type": "array",
          "description": "Weekly posting times, at most 50; duplicates are merged. Each is {\"day\": \"mon\"..\"sun\", \"time\": \"HH:MM\"} (24-hour).",
          "maxItems": 50,
          "items": {
            "type": "object",
            "properties": {
              "day": {
                "type": "string",
                "enum": [
                  "mon",
                  "tue",
                  "wed",
                  "thu",
                  "fri",
                  "sat",
                  "sun"
                ]
              },
              "time": {
                "type": "string",
                "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$"
              }
            }
          },
          "examples": [
            [
              {
                "day": "mon",
                "time": "09:00"
              },
              {
                "day": "mon",
                "time": "13:00"
              }
            ]
          ]
        },
        "recycle": {
          "type": [
            "object",
            "null"
          ],
          "description": "Evergreen recycling: with when_empty, a free slot in the next day with nothing scheduled takes the evergreen post published longest ago (never one published within min_gap_days, at least 7). Absent: unchanged; null: off.",
          "examples": [
            {
              "when_empty": true,
              "min_gap_days": 30
            }
          ]
        }
      },
      "required": [
        "timezone",
        "slots"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Set the posting schedule",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "put-queue",
    "method": "PUT",
    "path": "/queue",
    "scope": "write",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "get_series",
    "title": "A series of repeating posts",
    "description": "A series of repeating posts.\n\nIts rule and variations, `next_at` (null once the rule has no occurrence left), the occurrences made so far with their status, and the occurrences skipped (refused when they were to be made: monthly limit, LinkedIn spacing, a platform not connected, no free queue slot) with the reason. Unknown, deleted or another account's: NOT_FOUND.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "A series of repeating posts",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-series",
    "method": "GET",
    "path": "/series/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "patch_series",
    "title": "Change the rule or the variations of a series",
    "description": "Change the rule or the variations of a series.\n\nFrom the next occurrence on: a new `rule` keeps the next occurrence at its time and steps from there (its `count` still counts every occurrence, the first included); new `variations` are used from the next occurrence. A malformed rule: INVALID_FIELD `rule`; malformed variations: INVALID_FIELD `variations`.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "rule": {
          "description": "The new rule, from the next occurrence on (counted from that occurrence).",
          "allOf": [
            {
              "type": "object",
              "propertyNames": {
                "enum": [
                  "every",
                  "until",
                  "count",
                  "queue"
                ]
              },
              "required": [
                "every"
              ],
              "properties": {
                "every": {
                  "type": "object",
                  "propertyNames": {
                    "enum": [
                      "days",
                      "weeks",
                      "months"
                    ]
                  },
                  "minProperties": 1,
                  "maxProperties": 1,
                  "description": "Exactly one of days, weeks or months: the step between occurrences (wall-clock time kept in the series time zone).",
                  "properties": {
                    "days": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 365
                    },
                    "weeks": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 52
                    },
                    "months": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 12
                    }
                  }
                },
                "until": {
                  "type": "string",
                  "description": "ISO 8601 date-time with zone: no occurrence after it; at most 2 years ahead."
                },
                "count": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 100,
                  "description": "Occurrences in all, the first included."
                },
                "queue": {
                  "type": "boolean",
                  "enum": [
                    true
                  ],
                  "description": "true: each later occurrence takes the first free queue slot at or after its time."
                }
              }
            }
          ],
          "examples": [
            {
              "every": {
                "weeks": 2
              },
              "count": 6
            }
          ]
        },
        "variations": {
          "type": "array",
          "maxItems": 10,
          "items": {
            "type": "string",
            "pattern": "\\S",
            "maxLength": 3000
          },
          "description": "Up to 10 texts, each checked like content; occurrences use content, then each variation in turn.",
          "examples": [
            [
              "Our guide, still the best start",
              "New here? Start with the guide"
            ]
          ]
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Change the rule or the variations of a series",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": false
    },
    "operation": "patch-series",
    "method": "PATCH",
    "path": "/series/{id}",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "delete_series",
    "title": "Stop a series",
    "description": "Stop a series.\n\nNo more occurrences are made; the scheduled (or failed) ones are deleted, the published ones stay.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Stop a series",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-series",
    "method": "DELETE",
    "path": "/series/{id}",
    "scope": "write",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "get_settings",
    "title": "The account's settings",
    "description": "The account's settings.\n\nDefaults for posts that do not say for themselves: `track_links` (false until set) and `utm_campaign` (null until set).\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "The account's settings",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-settings",
    "method": "GET",
    "path": "/settings",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "put_settings",
    "title": "Change the account's settings",
    "description": "Change the account's settings.\n\nThe fields given replace the stored ones; the others stay (`utm_campaign: null` clears it). They apply to posts published from then on that do not set `track_links` or `utm_campaign` themselves. A malformed field: INVALID_FIELD naming it.\n\nNeeds a key with scope `write` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "track_links": {
          "type": "boolean",
          "description": "Whether posts that do not say track their links (docs/api.md, \"Tracked links\"). Default false.",
          "examples": [
            true
          ]
        },
        "utm_campaign": {
          "type": [
            "string",
            "null"
          ],
          "pattern": "^[A-Za-z0-9._~+-]{1,100}$",
          "description": "The `utm_campaign` of tracked links of posts that do not name one; null clears it.",
          "examples": [
            "newsletter"
          ]
        }
      },
      "additionalProperties": false
    },
    "annotations": {
      "title": "Change the account's settings",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "put-settings",
    "method": "PUT",
    "path": "/settings",
    "scope": "write",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": false
  },
  {
    "name": "get_usage",
    "title": "This month's usage",
    "description": "This month's usage.\n\nCounted per UTC calendar month of creation; resets at `resets_at`.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "This month's usage",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-usage",
    "method": "GET",
    "path": "/usage",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_webhooks",
    "title": "List webhook endpoints",
    "description": "List webhook endpoints.\n\nOldest first; never the signing secret.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {},
      "additionalProperties": false
    },
    "annotations": {
      "title": "List webhook endpoints",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-webhooks",
    "method": "GET",
    "path": "/webhooks",
    "scope": "read",
    "pathParameters": [],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "create_webhook",
    "title": "Add a webhook endpoint",
    "description": "Add a webhook endpoint.\n\nEvents are POSTed to `url` as Standard Webhooks (standardwebhooks.com): headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` and `webhook-signature`, signed with the `secret` of this response, shown this once (a replay with the same idempotency-key shows it again; `POST /webhooks/{id}/rotate-secret` replaces it). The URL must be https and its name must resolve only to public addresses, now (else INVALID_FIELD `url`) and at every delivery. At most 20 endpoints per account (QUOTA_EXCEEDED with `quota: \"webhooks\"`).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        },
        "url": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2048,
          "pattern": "\\S",
          "description": "Where events are POSTed: https (http too in local runs); its name must resolve to public addresses only, now and at every delivery.",
          "examples": [
            "https://hooks.example.com/social-posting"
          ]
        },
        "events": {
          "type": "array",
          "minItems": 1,
          "maxItems": 20,
          "items": {
            "type": "string",
            "enum": [
              "post.published",
              "post.partially_published",
              "post.failed",
              "profile.needs_reconnect",
              "profile.expiring",
              "post.metrics_updated",
              "inbox.received",
              "inbox.reply_published",
              "inbox.reply_failed"
            ]
          },
          "description": "The event types to receive (duplicates merged); absent: all of them. webhook.test is sent on request whatever this says.",
          "examples": [
            [
              "post.published",
              "post.failed"
            ]
          ]
        },
        "description": {
          "type": "string",
          "maxLength": 200,
          "description": "A note for you, at most 200 characters.",
          "examples": [
            "Production CRM"
          ]
        }
      },
      "required": [
        "url"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Add a webhook endpoint",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "create-webhook",
    "method": "POST",
    "path": "/webhooks",
    "scope": "admin",
    "pathParameters": [],
    "queryParameters": [],
    "body": "flat",
    "idempotent": true
  },
  {
    "name": "get_webhook",
    "title": "Get a webhook endpoint",
    "description": "Get a webhook endpoint.\n\nUnknown or another account's endpoint: NOT_FOUND.\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Get a webhook endpoint",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "get-webhook",
    "method": "GET",
    "path": "/webhooks/{id}",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "delete_webhook",
    "title": "Delete a webhook endpoint",
    "description": "Delete a webhook endpoint.\n\nNothing more is sent to it; attempts still waiting end as failed. Its delivery history expires with it (30 days).\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Delete a webhook endpoint",
      "readOnlyHint": false,
      "destructiveHint": true,
      "idempotentHint": true
    },
    "operation": "delete-webhook",
    "method": "DELETE",
    "path": "/webhooks/{id}",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "list_webhook_deliveries",
    "title": "List an endpoint's delivery attempts",
    "description": "List an endpoint's delivery attempts.\n\nOne entry per attempt of the last 30 days, newest event first (its attempts last to first); page with `next_cursor`. `pending`: waiting for `next_attempt_at` or being made; `failed` with a `next_attempt_at`: another attempt follows then; `failed` without: the delivery gave up (after 8 attempts over about 27.5 hours).\n\nNeeds a key with scope `read` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "limit": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 20,
          "description": "Page size, 1 to 100."
        },
        "cursor": {
          "type": "string",
          "minLength": 1,
          "maxLength": 2048,
          "description": "next_cursor of the previous page."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "List an endpoint's delivery attempts",
      "readOnlyHint": true,
      "destructiveHint": false,
      "idempotentHint": true
    },
    "operation": "list-webhook-deliveries",
    "method": "GET",
    "path": "/webhooks/{id}/deliveries",
    "scope": "read",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [
      "limit",
      "cursor"
    ],
    "body": "none",
    "idempotent": false
  },
  {
    "name": "rotate_webhook_secret",
    "title": "Rotate an endpoint's signing secret",
    "description": "Rotate an endpoint's signing secret.\n\nDraws a new signing secret, shown in this response only (a replay with the same idempotency-key shows the same one and rotates nothing). Deliveries are signed with it at once and, for 24 hours, with the secret it replaced as well: `webhook-signature` then carries both signatures, separated by a space, so a receiver verifies with either while it switches over. After 24 hours only the new secret signs. Rotating again within the 24 hours keeps the earlier secrets in force for their own 24 hours (at most three replaced secrets at once). Unknown or another account's endpoint: NOT_FOUND.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Rotate an endpoint's signing secret",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "rotate-webhook-secret",
    "method": "POST",
    "path": "/webhooks/{id}/rotate-secret",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": true
  },
  {
    "name": "test_webhook",
    "title": "Send a test event",
    "description": "Send a test event.\n\nRecords a `webhook.test` event for this endpoint (whatever its `events`); it is delivered, signed and retried like any other. Follow it in the deliveries by `event_id`.\n\nNeeds a key with scope `admin` or above.",
    "inputSchema": {
      "type": "object",
      "properties": {
        "id": {
          "type": "string",
          "format": "uuid",
          "description": "A UUID; any case is accepted (ids are returned lowercase). Anything else answers INVALID_ID."
        },
        "idempotency_key": {
          "type": "string",
          "minLength": 1,
          "maxLength": 255,
          "description": "Optional idempotency-key: the same key with the same arguments within 24 h replays the first answer."
        }
      },
      "required": [
        "id"
      ],
      "additionalProperties": false
    },
    "annotations": {
      "title": "Send a test event",
      "readOnlyHint": false,
      "destructiveHint": false,
      "idempotentHint": false
    },
    "operation": "test-webhook",
    "method": "POST",
    "path": "/webhooks/{id}/test",
    "scope": "admin",
    "pathParameters": [
      "id"
    ],
    "queryParameters": [],
    "body": "none",
    "idempotent": true
  }
];
