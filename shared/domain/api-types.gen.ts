// Generated from the response schemas (shared/api/schemas/) by `npm run generate` (scripts/generate.ts): do not edit.

export type paths = Record<string, never>;
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Analytics: {
            analytics: {
                /** @example 2026-11-23 */
                from: string;
                /** @example 2026-11-23 */
                to: string;
                /** @description The `platform` asked for; null for all. */
                platform: ("linkedin" | "bluesky") | null;
                /** @description One row per day from `from` to `to`, in order. */
                days: components["schemas"]["AnalyticsDay"][];
            };
        };
        AnalyticsDay: {
            /** @example 2026-11-23 */
            date: string;
            /** @description Posts published that day (on `platform`, when given). */
            posts: number;
            likes: number;
            reposts: number;
            replies: number;
            quotes: number;
            /** @description null when no post of the day has impressions. */
            impressions: number | null;
            /** @description Clicks on the tracked links of the day's posts, as of their latest figures. */
            clicks: number;
        };
        /** @description Never carries the value or its hash. */
        ApiKey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description The first 7 characters of the value. */
            prefix: string;
            /**
             * @description What the key may do: read < draft < write < admin (docs/api.md, "Key scopes").
             * @enum {string}
             */
            scope: "read" | "draft" | "write" | "admin";
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Accurate to the rate-limit window (60 s by default).
             * @example 2026-11-23T10:00:00.000Z
             */
            last_used_at: string | null;
        };
        ApiRateLimitExceededError: {
            /** @constant */
            error: "RATE_LIMIT_EXCEEDED";
            message: string;
            /** @description Seconds until the window resets; also in the retry-after header. */
            retry_after: number;
        };
        AuditEntry: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description When the change was made.
             * @example 2026-11-23T10:00:00.000Z
             */
            at: string;
            /** @description Who made the change. */
            actor: {
                /** @enum {string} */
                type: "api_key" | "oauth_client" | "dashboard";
                /** @description The API key's id, the OAuth connection's id, or the account's id for the dashboard owner. */
                id: string;
                /** @description The key's or client's name as it was then; null for the dashboard owner. */
                name: string | null;
            };
            /** @enum {string} */
            action: "post.created" | "post.edited" | "post.approved" | "post.deleted" | "post.retried" | "key.created" | "key.deleted" | "webhook.created" | "webhook.deleted" | "webhook.secret_rotated" | "profile.connected" | "profile.removed" | "queue.changed" | "connection.authorized" | "connection.revoked" | "inbox.replied";
            /** @description What was changed. */
            target: {
                /** @enum {string} */
                type: "post" | "key" | "webhook" | "profile" | "queue" | "connection" | "inbox_item" | "series";
                /** @description The thing's id (the account's id for its posting queue). */
                id: string;
            };
            /** @description The post's version after the change (the version deleted, for post.deleted); null for things without versions. */
            version: number | null;
            /** @description A few facts of the change (a key name and scope, a webhook URL, ...); null when none. */
            details: Record<string, never> | null;
        };
        AuditPage: {
            /** @description Newest first. */
            entries: components["schemas"]["AuditEntry"][];
            /** @description Pass as `cursor` (with the same from and to) for the next page; null on the last page. */
            next_cursor: string | null;
        };
        /** @description A member, or a LinkedIn organization page the member administers. */
        Author: {
            /** @enum {string} */
            type: "member" | "organization";
            /** @description The member's id (LinkedIn sub, Bluesky DID) or the organization's numeric id. */
            id: string;
            /** @description As the platform names it. */
            name: string | null;
        };
        AuthorList: {
            /** @description The member first, then the pages it administers (page connections only). */
            authors: components["schemas"]["Author"][];
        };
        /** @description RFC 8414: this service as the authorization server of its MCP endpoint. */
        AuthorizationServerMetadata: {
            /** Format: uri */
            issuer: string;
            /** Format: uri */
            authorization_endpoint: string;
            /** Format: uri */
            token_endpoint: string;
            /** Format: uri */
            registration_endpoint: string;
            /** Format: uri */
            revocation_endpoint: string;
            scopes_supported?: ("read" | "draft" | "write")[];
            response_types_supported: "code"[];
            grant_types_supported: ("authorization_code" | "refresh_token")[];
            code_challenge_methods_supported: "S256"[];
            token_endpoint_auth_methods_supported: "none"[];
            revocation_endpoint_auth_methods_supported?: "none"[];
            /** @constant */
            client_id_metadata_document_supported: true;
        };
        /** @description An item that was created, as POST /posts would have created it. */
        BatchCreatedItem: {
            /** @description The item's position in `posts`. */
            index: number;
            /** @constant */
            status: 201;
            post: components["schemas"]["Post"];
        };
        /** @description An item that was refused; nothing of it was created or counted. */
        BatchRefusedItem: {
            /** @description The item's position in `posts`. */
            index: number;
            /** @description The status POST /posts would have answered for this item. */
            status: number;
            /** @description The error body POST /posts would have answered for this item, extra fields included (docs/api.md, "Errors"). */
            error: {
                error: string;
                message: string;
            } & {
                [key: string]: unknown;
            };
        };
        BatchResults: {
            /** @description One result per item, in the order of `posts`. */
            results: (components["schemas"]["BatchCreatedItem"] | components["schemas"]["BatchRefusedItem"])[];
        };
        BlueskyAuthorization: {
            /**
             * Format: uri
             * @description Our start URL: it binds the authorization to the browser that opens it, then leads it to the user's PDS sign-in.
             */
            authorization_url: string;
            /**
             * Format: date-time
             * @description The PDS keeps the authorization request 5 minutes.
             * @example 2026-11-23T10:00:00.000Z
             */
            expires_at: string;
        };
        /** @description atproto OAuth client metadata (RFC 7591 fields as atproto profiles them); client_id is the URL it is served at. */
        BlueskyClientMetadata: {
            client_id: string;
            redirect_uris: string[];
            /** @description atproto transition:generic */
            scope: string;
            grant_types: string[];
            response_types: string[];
            /** @enum {string} */
            token_endpoint_auth_method: "private_key_jwt" | "none";
            jwks_uri?: string;
        };
        Connection: {
            /** Format: uuid */
            id: string;
            client_name: string;
            /** Format: uri */
            client_uri: string | null;
            redirect_host: string;
            /**
             * @description What the app may do: a key scope below admin.
             * @enum {string}
             */
            scope: "read" | "draft" | "write";
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description Kept to the minute.
             * @example 2026-11-23T10:00:00.000Z
             */
            last_used_at: string | null;
        };
        ConnectionList: {
            /** @description Newest first. */
            connections: components["schemas"]["Connection"][];
        };
        /** @description 400 CONTENT_TOO_LONG */
        ContentTooLongError: {
            /** @constant */
            error: "CONTENT_TOO_LONG";
            message: string;
            /** @constant */
            max_length: 3000;
            provided_length: number;
        };
        CreatedKey: {
            key: components["schemas"]["ApiKey"];
            /** @description The value, shown this once: only its hash is stored. */
            api_key: string;
        };
        CreatedMedia: {
            media: components["schemas"]["Media"];
            upload: {
                /**
                 * Format: uri
                 * @description PUT the file here (S3 in AWS).
                 */
                url: string;
                /** @constant */
                method: "PUT";
                /** @description Send exactly these headers with the upload (content-type and content-length are signed). */
                headers: {
                    [key: string]: string;
                };
                /**
                 * Format: date-time
                 * @example 2026-11-23T10:00:00.000Z
                 */
                expires_at: string;
            };
        };
        CreatedPost: {
            post: components["schemas"]["Post"];
            usage: components["schemas"]["Usage"];
        };
        CreatedWebhook: {
            webhook: components["schemas"]["Webhook"];
            /** @description The signing secret, shown this once (it is stored encrypted). */
            secret: string;
        };
        /** @description Who is signed in. The session id itself travels only in its HttpOnly cookie. */
        DashboardSession: {
            account: {
                /** Format: uuid */
                id: string;
                name: string;
                /** @description The owner's sign-in email. */
                email: string | null;
                /** @enum {string} */
                plan: "free" | "pro";
            };
            /** @description Send it in x-csrf-token on every dashboard mutation. */
            csrf_token: string;
        };
        Delivery: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The event, sent as webhook-id: the same on every attempt.
             */
            event_id: string;
            /** @enum {string} */
            type: "post.published" | "post.partially_published" | "post.failed" | "profile.needs_reconnect" | "profile.expiring" | "post.metrics_updated" | "inbox.received" | "inbox.reply_published" | "inbox.reply_failed" | "webhook.test";
            /** @description 1 to 8; an operator's replay of a delivery that gave up adds one more. */
            attempt: number;
            /** @enum {string} */
            status: "succeeded" | "failed" | "pending";
            /** @description The endpoint's HTTP status; null when none came (refused, timeout, network). */
            response_status: number | null;
            /** @description Why the attempt failed. */
            error: string | null;
            duration_ms: number | null;
            /**
             * Format: date-time
             * @description null while the attempt waits for its time.
             * @example 2026-11-23T10:00:00.000Z
             */
            attempted_at: string | null;
            /**
             * Format: date-time
             * @description Pending: when it is due. Failed: when the next attempt is due; null when none will follow.
             * @example 2026-11-23T10:00:00.000Z
             */
            next_attempt_at: string | null;
        };
        DeliveryPage: {
            deliveries: components["schemas"]["Delivery"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        DraftRepeat: {
            every: {
                days?: number;
                weeks?: number;
                months?: number;
            };
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            until?: string;
            count?: number;
            /** @enum {boolean} */
            queue?: true;
            variations?: string[];
        };
        /** @description 403 FORBIDDEN */
        ForbiddenError: {
            /** @constant */
            error: "FORBIDDEN";
            message: string;
        };
        /** @description 409 IDEMPOTENCY_KEY_IN_PROGRESS */
        IdempotencyKeyInProgressError: {
            /** @constant */
            error: "IDEMPOTENCY_KEY_IN_PROGRESS";
            message: string;
        };
        /** @description 422 IDEMPOTENCY_KEY_REUSED */
        IdempotencyKeyReusedError: {
            /** @constant */
            error: "IDEMPOTENCY_KEY_REUSED";
            message: string;
        };
        /** @description The inbox item as GET /inbox/{id} showed it then. */
        InboxEventData: {
            item: components["schemas"]["InboxItem"];
        };
        /** @description A reply, mention, quote or comment that came back, and our reply to it. */
        InboxItem: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            platform: "linkedin" | "bluesky";
            /**
             * @description reply, mention and quote on Bluesky; comment on LinkedIn.
             * @enum {string}
             */
            type: "reply" | "mention" | "quote" | "comment";
            /**
             * Format: uuid
             * @description Our post it answers (any part of its thread); null when it is about none of ours.
             */
            post_id: string | null;
            author: {
                /** @description A DID on Bluesky; a person or organization URN on LinkedIn. */
                id: string;
                handle: string | null;
                display_name: string | null;
                url: string | null;
            };
            text: string;
            /** @description Where it is on the platform. */
            url: string;
            /**
             * Format: date-time
             * @description When its author wrote it (as the platform says).
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When a collection took it.
             * @example 2026-11-23T10:00:00.000Z
             */
            received_at: string;
            /** @enum {string} */
            status: "new" | "read" | "answered" | "hidden";
            /** @description Goes up by one on every change (`If-Match: "v{n}"` on approve). */
            version: number;
            reply: {
                /** @enum {string} */
                status: "draft" | "publishing" | "published" | "failed";
                content: string;
                url: string | null;
                error: {
                    code: string;
                    message: string;
                } | null;
            } | null;
        };
        InboxItemResponse: {
            item: components["schemas"]["InboxItem"];
        };
        InboxPage: {
            /** @description Newest first. */
            items: components["schemas"]["InboxItem"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        InboxRefresh: {
            /** @description Items new to the inbox from this collection. */
            received: number;
        };
        /** @description 403 INSUFFICIENT_SCOPE */
        InsufficientScopeError: {
            /** @constant */
            error: "INSUFFICIENT_SCOPE";
            message: string;
            /**
             * @description The least scope that may do this.
             * @enum {string}
             */
            required_scope: "read" | "draft" | "write" | "admin";
        };
        /** @description 500 INTERNAL_SERVER_ERROR */
        InternalServerError: {
            /** @constant */
            error: "INTERNAL_SERVER_ERROR";
            message: string;
        };
        /** @description 401 INVALID_API_KEY */
        InvalidApiKeyError: {
            /** @constant */
            error: "INVALID_API_KEY";
            message: string;
        };
        /** @description 400 INVALID_CREDENTIALS */
        InvalidCredentialsError: {
            /** @constant */
            error: "INVALID_CREDENTIALS";
            message: string;
        };
        /** @description 400 INVALID_FIELD */
        InvalidFieldError: {
            /** @constant */
            error: "INVALID_FIELD";
            message: string;
            /** @description The body field, query parameter or header concerned. */
            field: string;
        };
        /** @description 400 INVALID_ID */
        InvalidIdError: {
            /** @constant */
            error: "INVALID_ID";
            message: string;
        };
        /** @description 400 INVALID_JSON */
        InvalidJsonError: {
            /** @constant */
            error: "INVALID_JSON";
            message: string;
        };
        /** @description 400 INVALID_MEDIA */
        InvalidMediaError: {
            /** @constant */
            error: "INVALID_MEDIA";
            message: string;
            /**
             * @description complete: not_uploaded, size_mismatch, not_an_image, type_mismatch, too_many_pixels; a video: not_a_video, too_long, unsupported_codec; a post: not_ready, too_many (more than 4 images or more than one video), mixed (a video and images); DELETE: in_use.
             * @enum {string}
             */
            reason: "not_uploaded" | "size_mismatch" | "not_an_image" | "type_mismatch" | "too_many_pixels" | "not_ready" | "too_many" | "in_use" | "not_a_video" | "too_long" | "unsupported_codec" | "mixed";
        };
        /** @description 400 INVALID_PLATFORMS */
        InvalidPlatformsError: {
            /** @constant */
            error: "INVALID_PLATFORMS";
            message: string;
            /** @constant */
            valid_platforms: [
                "linkedin",
                "bluesky"
            ];
        };
        /** @description 409 INVALID_POST_STATE */
        InvalidPostStateError: {
            /** @constant */
            error: "INVALID_POST_STATE";
            message: string;
            /**
             * @description The post's status, which does not allow this; for an inbox item, its reply's (`none` when it has none).
             * @enum {string}
             */
            status: "draft" | "scheduled" | "publishing" | "published" | "partially_published" | "failed" | "none";
        };
        /** @description 400 INVALID_SCHEDULED_TIME */
        InvalidScheduledTimeError: {
            /** @constant */
            error: "INVALID_SCHEDULED_TIME";
            message: string;
        };
        /** @description Public JSON Web Keys (RFC 7517). */
        JsonWebKeySet: {
            keys: Record<string, never>[];
        };
        KeyList: {
            keys: components["schemas"]["ApiKey"][];
        };
        LinkedInAuthorization: {
            /**
             * Format: uri
             * @description LinkedIn's consent page; open it in the member's browser.
             */
            authorization_url: string;
            /**
             * Format: date-time
             * @description The single-use state expires 10 minutes after creation.
             * @example 2026-11-23T10:00:00.000Z
             */
            expires_at: string;
        };
        /** @description A JSON-RPC 2.0 response of the Model Context Protocol: `result` or `error`, under the request's `id`. */
        McpResponse: {
            /** @constant */
            jsonrpc: "2.0";
            id?: string | number | null;
            result?: Record<string, never>;
            error?: Record<string, never>;
        };
        Media: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "awaiting_upload" | "ready";
            /** @enum {string} */
            content_type: "image/jpeg" | "image/png" | "image/webp" | "video/mp4" | "application/pdf";
            /** @description Images at most 20971520; a video or a PDF at most 100000000. */
            size_bytes: number;
            /** @description Pixels, upright; null until complete, and for a PDF. */
            width: number | null;
            height: number | null;
            alt_text: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description 24 h after creation while no post uses it; null while attached to a post.
             * @example 2026-11-23T10:00:00.000Z
             */
            expires_at: string | null;
        };
        /** @description 404 MEDIA_NOT_FOUND */
        MediaNotFoundError: {
            /** @constant */
            error: "MEDIA_NOT_FOUND";
            message: string;
        };
        MediaResponse: {
            media: components["schemas"]["Media"];
        };
        /** @description 401 MISSING_API_KEY */
        MissingApiKeyError: {
            /** @constant */
            error: "MISSING_API_KEY";
            message: string;
        };
        /** @description 400 MISSING_REQUIRED_FIELD */
        MissingRequiredFieldError: {
            /** @constant */
            error: "MISSING_REQUIRED_FIELD";
            message: string;
            /** @description The body field, query parameter or header concerned. */
            field: string;
        };
        /** @description 429 MONTHLY_LIMIT_EXCEEDED */
        MonthlyLimitExceededError: {
            /** @constant */
            error: "MONTHLY_LIMIT_EXCEEDED";
            message: string;
            limit: number;
            used: number;
            /**
             * Format: date-time
             * @description First day of next month, 00:00:00.000Z.
             * @example 2026-11-23T10:00:00.000Z
             */
            resets_at: string;
        };
        /** @description 404 NOT_FOUND */
        NotFoundError: {
            /** @constant */
            error: "NOT_FOUND";
            message: string;
        };
        /** @description RFC 7591 section 3.2.1: the registered client (public: no secret). */
        OAuthClientRegistration: {
            client_id: string;
            /** @description Unix seconds. */
            client_id_issued_at: number;
            client_name: string;
            /** Format: uri */
            client_uri?: string;
            redirect_uris: string[];
            /** @constant */
            token_endpoint_auth_method: "none";
            grant_types: string[];
            response_types: string[];
        };
        OAuthConsentAnswer: {
            /**
             * Format: uri
             * @description Where to send the browser: the app's redirect URI with code (or error) and state.
             */
            redirect_url: string;
        };
        OAuthConsentRequest: {
            /** @description As the app registered it (or its redirect host when it gave none). */
            client_name: string;
            /** Format: uri */
            client_uri: string | null;
            /** @description Where the answer goes: host and port of the redirect URI. */
            redirect_host: string;
            /**
             * @description The highest scope the app asked for (preselected).
             * @enum {string}
             */
            scope: "read" | "draft" | "write";
        };
        /** @description OAuth's own error body, not the API's (the OAuth endpoints speak the RFCs to any OAuth client). */
        OAuthError: {
            /** @description RFC 6749 section 5.2 (and RFC 7591 section 3.2.2): invalid_request, invalid_client, invalid_grant, ... */
            error: string;
            error_description: string;
        };
        /** @description RFC 6749 section 5.1: a new access token (1 hour) and refresh token (30 days, single use: each refresh returns the next). */
        OAuthTokens: {
            access_token: string;
            /** @constant */
            token_type: "Bearer";
            /** @constant */
            expires_in: 3600;
            refresh_token: string;
            /**
             * @description What the app may do: a key scope below admin.
             * @enum {string}
             */
            scope: "read" | "draft" | "write";
        };
        /** @description 400 OAUTH_ERROR */
        OauthError: {
            /** @constant */
            error: "OAUTH_ERROR";
            message: string;
            /** @description LinkedIn's error and description, or `state mismatch`. */
            details: string;
        };
        /** @description 413 PAYLOAD_TOO_LARGE */
        PayloadTooLargeError: {
            /** @constant */
            error: "PAYLOAD_TOO_LARGE";
            message: string;
            /** @constant */
            max_bytes: 65536;
        };
        /** @description Figures read back from the platform; a figure the platform does not give is null. */
        PlatformMetrics: {
            /** @description Likes (Bluesky) or reactions (LinkedIn), summed over the parts of a thread. */
            likes: number | null;
            /** @description Reposts (Bluesky); null on LinkedIn. */
            reposts: number | null;
            /** @description Replies or comments by others (the thread's own parts and the first comment are not counted). */
            replies: number | null;
            /** @description Quote posts (Bluesky); null on LinkedIn. */
            quotes: number | null;
            /** @description Views, where the platform gives them to this token; null otherwise. */
            impressions: number | null;
            /** @description Clicks on the post's tracked links on this platform (docs/api.md, "Tracked links"), as of `collected_at`; present only when the post tracked its links. */
            clicks?: number;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            collected_at: string;
        };
        PlatformRateLimitExceededError: {
            /** @constant */
            error: "RATE_LIMIT_EXCEEDED";
            message: string;
            /** @constant */
            platform: "linkedin";
            /**
             * Format: date-time
             * @description The earliest time, at or after the requested one, 60 s from every other LinkedIn post.
             * @example 2026-11-23T10:00:00.000Z
             */
            next_available: string;
        };
        /** @description One platform's outcome. Platform failures are recorded here, never as HTTP errors. */
        PlatformResult: {
            /** @enum {string} */
            status: "pending" | "published" | "failed";
            /**
             * Format: uri
             * @description The published post on the platform.
             */
            url: string | null;
            /** @description LinkedIn share URN or Bluesky record URI. */
            platform_post_id: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            published_at: string | null;
            error: {
                /** @enum {string} */
                code: "PLATFORM_AUTH_EXPIRED" | "PLATFORM_REJECTED" | "PLATFORM_DUPLICATE" | "PLATFORM_UNAVAILABLE" | "PLATFORM_OUTCOME_UNKNOWN" | "PROFILE_DISCONNECTED";
                message: string;
            } | null;
            /** @description Present only when the post has a first comment for this platform. */
            first_comment?: {
                /**
                 * @description skipped: the post itself failed on this platform, so nothing was commented.
                 * @enum {string}
                 */
                status: "pending" | "published" | "failed" | "skipped";
                /**
                 * Format: uri
                 * @description The reply (Bluesky) or the comment (LinkedIn).
                 */
                url: string | null;
                error: {
                    /** @enum {string} */
                    code: "PLATFORM_AUTH_EXPIRED" | "PLATFORM_REJECTED" | "PLATFORM_DUPLICATE" | "PLATFORM_UNAVAILABLE" | "PLATFORM_OUTCOME_UNKNOWN" | "PROFILE_DISCONNECTED";
                    message: string;
                } | null;
            };
            /** @description The figures last read back from the platform; null until the first collection (docs: "Metrics and analytics"). */
            metrics: components["schemas"]["PlatformMetrics"] | null;
        };
        /** @description 400 PLATFORMS_NOT_CONNECTED */
        PlatformsNotConnectedError: {
            /** @constant */
            error: "PLATFORMS_NOT_CONNECTED";
            message: string;
            missing_platforms: ("linkedin" | "bluesky")[];
        };
        Post: {
            /** Format: uuid */
            id: string;
            content: string;
            /** @description Text per platform sent instead of content there; {} when none. */
            platform_content: {
                linkedin?: string;
                bluesky?: string;
            };
            platforms: ("linkedin" | "bluesky")[];
            /** @description The images in order, or the one video; [] when none. */
            media: components["schemas"]["Media"][];
            /** @description Whether the first link of a post without images is published as a card (false when the post turned cards off). */
            link_preview: boolean;
            /** @description Whether its http(s) links go out as tracked short links (docs/api.md, "Tracked links"); absent: as the account's setting says at publication. */
            track_links?: boolean;
            /** @description The `utm_campaign` its tracked links carry; absent: the account's setting's. */
            utm_campaign?: string;
            /** @description Options per platform beyond the text, as sent; {} when none. */
            platform_options: {
                bluesky?: {
                    reply_to?: string;
                    quote?: string;
                    reply_control?: ("nobody" | "mentioned" | "followers" | "following")[];
                    quotes_allowed?: boolean;
                    langs?: string[];
                    labels?: ("sexual" | "nudity" | "porn" | "graphic-media")[];
                };
                linkedin?: {
                    document?: {
                        media_id: string;
                        title: string;
                    };
                    poll?: {
                        question: string;
                        options: string[];
                        /** @enum {string} */
                        duration: "ONE_DAY" | "THREE_DAYS" | "SEVEN_DAYS" | "FOURTEEN_DAYS";
                    };
                };
            };
            /** @description Published after the post on each platform without a text of its own in platform_first_comment; null when none. */
            first_comment: string | null;
            /** @description First comment per platform, replacing first_comment there; {} when none. */
            platform_first_comment: {
                linkedin?: string;
                bluesky?: string;
            };
            /** @enum {string} */
            status: "draft" | "scheduled" | "publishing" | "published" | "partially_published" | "failed";
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            scheduled_for: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
            /**
             * Format: date-time
             * @description When the last platform was published.
             * @example 2026-11-23T10:00:00.000Z
             */
            published_at: string | null;
            /** @description Keyed by platform, one entry per platform of the post. */
            results: {
                linkedin?: components["schemas"]["PlatformResult"];
                bluesky?: components["schemas"]["PlatformResult"];
            };
            /** @description Who created the post (drafts show who proposed them); null for posts made before this was recorded. */
            created_by: {
                /**
                 * @description An API key, or the dashboard (signed-in owner).
                 * @enum {string}
                 */
                type: "api_key" | "dashboard";
                /**
                 * Format: uuid
                 * @description The API key; null for the dashboard.
                 */
                key_id: string | null;
                /** @description The key's name when the post was created; null for the dashboard. */
                key_name: string | null;
            } | {
                /**
                 * @description An app connected with OAuth (docs/api.md, "Connections").
                 * @constant
                 */
                type: "oauth_client";
                /**
                 * Format: uuid
                 * @description The connection (GET /connections).
                 */
                connection_id: string;
                /** @description The app's name when the post was created. */
                client_name: string;
            } | null;
            /** @description The post's version: 1 at creation, one more on every change of content, platforms, media, options, schedule or status. Sent as the `ETag` ("v{version}") of a response carrying one post; pin it with `If-Match` or `expected_version`. */
            version: number;
            /**
             * Format: uuid
             * @description The series this post is an occurrence of (GET /series/{id}).
             */
            series_id?: string;
            /**
             * @description Present (true) when the queue may recycle the post.
             * @enum {boolean}
             */
            evergreen?: true;
            /** @description A draft's repeat rule: its series begins when it is scheduled. */
            repeat?: components["schemas"]["DraftRepeat"];
        };
        /** @description The post as GET /posts/{id} showed it when it reached this status. */
        PostEventData: {
            post: components["schemas"]["Post"];
        };
        /** @description 404 POST_NOT_FOUND */
        PostNotFoundError: {
            /** @constant */
            error: "POST_NOT_FOUND";
            message: string;
        };
        PostPage: {
            /** @description Newest first. */
            posts: components["schemas"]["Post"][];
            /** @description Pass as `cursor` for the next page; null on the last page. */
            next_cursor: string | null;
        };
        PostPreview: {
            /** @description One entry per platform of the request, exactly what its publisher would send. */
            preview: {
                linkedin?: {
                    /** @description LinkedIn's little text: reserved characters escaped, hashtags as templates. */
                    commentary: string;
                    /** @description UTF-16 code units of the commentary (LinkedIn allows 3000). */
                    characters: number;
                    /** @description The comment sent after the post, as plain text (present when the post has one for LinkedIn). */
                    first_comment?: {
                        text: string;
                        characters: number;
                    };
                    /** @description The post content the options make (present when the post has a LinkedIn document or poll). */
                    options?: {
                        /** @description Uploaded through the Documents API when published; its URN then goes in content.media with the title. */
                        document?: {
                            media_id: string;
                            title: string;
                        };
                        /** @description content.poll as sent. */
                        poll?: {
                            question: string;
                            options: {
                                text: string;
                            }[];
                            settings: {
                                /** @enum {string} */
                                duration: "ONE_DAY" | "THREE_DAYS" | "SEVEN_DAYS" | "FOURTEEN_DAYS";
                            };
                        };
                    };
                };
                bluesky?: {
                    /** @description The thread, first post first. */
                    posts: {
                        text: string;
                        graphemes: number;
                        /** @description Links and hashtags; mentions are resolved (and added) only when publishing. */
                        facets: {
                            $type?: string;
                            index: {
                                byteStart: number;
                                byteEnd: number;
                            };
                            features: {
                                $type: string;
                            }[];
                        }[];
                    }[];
                    /** @description The reply to the last post (present when the post has one for Bluesky). */
                    first_comment?: {
                        text: string;
                        graphemes: number;
                        /** @description Links and hashtags; mentions are resolved (and added) only when publishing. */
                        facets: {
                            $type?: string;
                            index: {
                                byteStart: number;
                                byteEnd: number;
                            };
                            features: {
                                $type: string;
                            }[];
                        }[];
                    };
                    /** @description What the options put on the records (present when the post has Bluesky options). */
                    options?: {
                        /** @description As sent; the post answered is looked up, and its thread root found, when the post is created. */
                        reply_to?: string;
                        /** @description As sent; looked up (and checked quotable) when the post is created. */
                        quote?: string;
                        langs?: string[];
                        labels?: ("sexual" | "nudity" | "porn" | "graphic-media")[];
                        /** @description The threadgate's rules on the thread's first post ([]: nobody may reply); absent: everyone may. */
                        threadgate_allow?: string[];
                        /** @description true: a postgate disabling quotes on each post of the thread. */
                        quotes_disabled: boolean;
                    };
                };
                /** @description Prefixed with the platform: a thread, a mention resolved only at publish time, a link cut between posts, LinkedIn text near or over 3000. */
                warnings: string[];
            };
        };
        /** @description 400 POST_PUBLISHED */
        PostPublishedError: {
            /** @constant */
            error: "POST_PUBLISHED";
            message: string;
        };
        PostResponse: {
            post: components["schemas"]["Post"];
        };
        Profile: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            platform: "linkedin" | "bluesky";
            /** @description Bluesky handle (normalised) or LinkedIn member name. */
            handle: string;
            display_name: string | null;
            /** @description Bluesky DID or LinkedIn person URN (urn:li:person:{sub}). */
            platform_user_id: string;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            connected_at: string;
            /**
             * Format: date-time
             * @description LinkedIn access-token expiry; null for Bluesky.
             * @example 2026-11-23T10:00:00.000Z
             */
            expires_at: string | null;
            /** @description True once publishing found the credentials revoked or expired. */
            needs_reconnect: boolean;
            /** @description Who posts appear as: the member, or the LinkedIn page picked; null while a page connection has no page picked yet. */
            author: components["schemas"]["Author"] | null;
            /**
             * @description Bluesky profiles only: connected with an app password, or with atproto OAuth (docs: "Connecting Bluesky with OAuth").
             * @enum {string}
             */
            auth?: "app_password" | "oauth";
        };
        /** @description 400 PROFILE_ALREADY_EXISTS */
        ProfileAlreadyExistsError: {
            /** @constant */
            error: "PROFILE_ALREADY_EXISTS";
            message: string;
        };
        ProfileEventData: {
            profile: components["schemas"]["Profile"];
        };
        ProfileList: {
            /** @description Sorted by platform. */
            profiles: components["schemas"]["Profile"][];
        };
        /** @description 404 PROFILE_NOT_FOUND */
        ProfileNotFoundError: {
            /** @constant */
            error: "PROFILE_NOT_FOUND";
            message: string;
        };
        ProfileResponse: {
            profile: components["schemas"]["Profile"];
        };
        /** @description RFC 9728: the MCP endpoint as an OAuth protected resource. */
        ProtectedResourceMetadata: {
            /**
             * Format: uri
             * @description {PUBLIC_BASE_URL}/mcp: the audience of every access token.
             */
            resource: string;
            authorization_servers: string[];
            scopes_supported: ("read" | "draft" | "write")[];
            bearer_methods_supported: "header"[];
        };
        /** @description 409 QUEUE_FULL */
        QueueFullError: {
            /** @constant */
            error: "QUEUE_FULL";
            message: string;
        };
        /** @description 400 QUEUE_NOT_CONFIGURED */
        QueueNotConfiguredError: {
            /** @constant */
            error: "QUEUE_NOT_CONFIGURED";
            message: string;
        };
        QueueResponse: {
            queue: {
                /** @description IANA time zone name. */
                timezone: string;
                slots: {
                    /** @enum {string} */
                    day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
                    /** @description HH:MM in the zone. */
                    time: string;
                }[];
                /** @description The next 10 free slots, UTC, at least 60 s ahead. */
                next_slots: string[];
                /** @description Present once set: the evergreen recycling (docs/api.md, "Evergreen recycling"). */
                recycle?: components["schemas"]["Recycle"];
            } | null;
        };
        /** @description 409 QUOTA_EXCEEDED */
        QuotaExceededError: {
            /** @constant */
            error: "QUOTA_EXCEEDED";
            message: string;
            /**
             * @description The quota the account is at.
             * @enum {string}
             */
            quota: "keys" | "webhooks" | "pending_media";
            /** @description The quota's limit (for the pending uploads' byte cap, in bytes). */
            limit: number;
        };
        /** @description 429 RATE_LIMIT_EXCEEDED: the variants are told apart by their extra fields. */
        RateLimitExceededError: components["schemas"]["ApiRateLimitExceededError"] | components["schemas"]["PlatformRateLimitExceededError"];
        /** @description The queue's evergreen recycling (docs/api.md, "Evergreen recycling"). */
        Recycle: {
            /** @description true: an evergreen post is queued again when a slot in the next day would stay empty. */
            when_empty: boolean;
            /** @description A post is never recycled within this many days of its last publication. */
            min_gap_days: number;
        };
        RepeatRule: {
            every: {
                days?: number;
                weeks?: number;
                months?: number;
            };
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            until?: string;
            count?: number;
            /** @enum {boolean} */
            queue?: true;
        };
        RotatedWebhookSecret: {
            webhook: components["schemas"]["Webhook"];
            /** @description The new signing secret, shown this once (it is stored encrypted); the one it replaces keeps signing beside it for 24 hours. */
            secret: string;
        };
        Series: {
            /** Format: uuid */
            id: string;
            rule: components["schemas"]["RepeatRule"];
            variations: string[];
            /**
             * Format: date-time
             * @description The next occurrence's time; null once the rule has none left.
             * @example 2026-11-23T10:00:00.000Z
             */
            next_at: string | null;
            /** @description The occurrences made so far, in order (one deleted on its own is not listed). */
            posts: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "draft" | "scheduled" | "publishing" | "published" | "partially_published" | "failed";
                /**
                 * Format: date-time
                 * @example 2026-11-23T10:00:00.000Z
                 */
                scheduled_for: string | null;
            }[];
            /** @description Occurrences refused when they were to be made, with the reason (the series went on). */
            skipped: {
                /**
                 * Format: date-time
                 * @example 2026-11-23T10:00:00.000Z
                 */
                at: string;
                error: {
                    code: string;
                    message: string;
                };
            }[];
        };
        SeriesResponse: {
            series: components["schemas"]["Series"];
        };
        /** @description 503 SERVICE_UNAVAILABLE */
        ServiceUnavailableError: {
            /** @constant */
            error: "SERVICE_UNAVAILABLE";
            message: string;
        };
        SettingsResponse: {
            settings: {
                /** @description Whether posts that do not say track their links; false until set. */
                track_links: boolean;
                /** @description The `utm_campaign` of tracked links of posts that name none; null until set. */
                utm_campaign: string | null;
            };
        };
        TestEventAccepted: {
            /**
             * Format: uuid
             * @description The webhook-id its deliveries carry.
             */
            event_id: string;
        };
        TestEventData: {
            /** Format: uuid */
            webhook_id: string;
            message: string;
        };
        /** @description 415 UNSUPPORTED_MEDIA_TYPE */
        UnsupportedMediaTypeError: {
            /** @constant */
            error: "UNSUPPORTED_MEDIA_TYPE";
            message: string;
        };
        Usage: {
            /** @description Posts the account may create this calendar month (UTC). */
            limit: number;
            /** @description Posts created this month; deleting a post does not refund it. */
            used: number;
            /** @description limit - used, never below 0. */
            remaining: number;
            /**
             * Format: date-time
             * @description First instant of the next month, 00:00:00.000Z.
             * @example 2026-11-23T10:00:00.000Z
             */
            resets_at: string;
        };
        UsageResponse: {
            usage: components["schemas"]["UsageWithMonth"];
        };
        UsageWithMonth: {
            /** @description Posts the account may create this calendar month (UTC). */
            limit: number;
            /** @description Posts created this month; deleting a post does not refund it. */
            used: number;
            /** @description limit - used, never below 0. */
            remaining: number;
            /**
             * Format: date-time
             * @description First instant of the next month, 00:00:00.000Z.
             * @example 2026-11-23T10:00:00.000Z
             */
            resets_at: string;
            /** @description YYYY-MM (UTC). */
            month: string;
        };
        /** @description 412 VERSION_MISMATCH */
        VersionMismatchError: {
            /** @constant */
            error: "VERSION_MISMATCH";
            message: string;
            /** @description The current version: read it again, then retry with it. */
            current_version: number;
        };
        /** @description Never carries the signing secret. */
        Webhook: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uri
             * @description Where events are POSTed.
             */
            url: string;
            /** @description The event types it receives. */
            events: ("post.published" | "post.partially_published" | "post.failed" | "profile.needs_reconnect" | "profile.expiring" | "post.metrics_updated" | "inbox.received" | "inbox.reply_published" | "inbox.reply_failed")[];
            description: string | null;
            /**
             * Format: date-time
             * @example 2026-11-23T10:00:00.000Z
             */
            created_at: string;
        };
        WebhookList: {
            /** @description Oldest first. */
            webhooks: components["schemas"]["Webhook"][];
        };
        WebhookResponse: {
            webhook: components["schemas"]["Webhook"];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;

/** A response schema's type, by its component name. */
export type Resource<Name extends keyof components['schemas']> = components['schemas'][Name];
