import type { NativeModule, OperationEntry, OperationNeeds } from './operation';
import {
  DEFAULT_OPERATION,
  EXPIRY_SWEEP_OPERATION,
  INBOX_COLLECTOR_OPERATION,
  MCP_OPERATION,
  METRICS_COLLECTOR_OPERATION,
  PUBLISHER_OPERATION,
  RELEASE_OPERATION,
  SERIES_TICK_OPERATION,
  WEBHOOK_DELIVERY_OPERATION,
  WEBHOOK_DISPATCH_OPERATION,
} from './worker-names';
import { accountOperations } from './operations/account';
import { agentOperations } from './operations/agents';
import { agentOAuthOperations } from './operations/agents-oauth';
import { connectionOperations } from './operations/connections';
import { auditOperations } from './operations/audit';
import { blueskyOAuthOperations } from './operations/bluesky-oauth';
import { batchOperations } from './operations/batch';
import { dashboardOperations } from './operations/dashboard';
import { draftOperations } from './operations/drafts';
import { inboxOperations } from './operations/inbox';
import { mediaOperations } from './operations/media';
import { metricsOperations } from './operations/metrics';
import { postOperations } from './operations/posts';
import { profileOperations } from './operations/profiles';
import { queueOperations } from './operations/queue';
import { settingsOperations } from './operations/settings';
import { seriesOperations } from './operations/series';
import { webhookOperations } from './operations/webhooks';

/**
 * THE operation manifest: every operation that serves a route, by name (the folder under
 * functions/ and the name in logs). The route table, the stack's functions and grants, the
 * request deadlines, docs/openapi.json, the MCP tools, the typed client and the tests' lists are
 * all derived from it (docs/decisions/0102-the-operation-manifest.md). Adding an operation: an
 * entry in one of ./operations/*.ts, then `npm run generate` (docs/adding-an-endpoint.md).
 */
export * from './worker-names';

export const operations: Readonly<Record<string, OperationEntry>> = {
  ...profileOperations,
  ...blueskyOAuthOperations,
  ...postOperations,
  ...draftOperations,
  ...batchOperations,
  ...mediaOperations,
  ...accountOperations,
  ...webhookOperations,
  ...agentOperations,
  ...agentOAuthOperations,
  ...connectionOperations,
  ...auditOperations,
  ...queueOperations,
  ...seriesOperations,
  ...metricsOperations,
  ...settingsOperations,
  ...inboxOperations,
  ...dashboardOperations,
};

/** A Lambda function that serves no route: the stack wires its event source itself. */
export interface WorkerEntry {
  description: string;
  /** Read-write access to the table, or none (release-post, not-found). */
  table: 'RW' | 'none';
  memoryMb?: number;
  timeoutSeconds?: number;
  needs?: OperationNeeds;
  nativeModules?: NativeModule[];
}

/**
 * The functions that serve no route. Memory: the publisher streams a video in 4 MB pieces to both
 * platforms, so 512 MB holds (docs/performance.md, "Video").
 */
export const workers: Readonly<Record<string, WorkerEntry>> = {
  // Answers 404 before any authentication (docs/api.md, "Errors", "Precedence"), so it touches nothing.
  [DEFAULT_OPERATION]: { description: '$default: unknown route or method', table: 'none' },
  // Posts to each platform with retries, never waiting for a post's time; reads media to publish it.
  [PUBLISHER_OPERATION]: {
    description: 'Publishes a post to its platforms',
    table: 'RW',
    memoryMb: 512,
    timeoutSeconds: 180,
    // 'put': link cards prepared before the due time are kept under link-cards/ (shared/use-cases/link-card-prep.ts).
    // blueskyOAuthKey: a confidential client signs its refresh requests (Bluesky OAuth profiles).
    needs: { secretBox: 'seal', media: ['read', 'put'], blueskyOAuthKey: true },
    // Link-card thumbnails.
    nativeModules: ['sharp'],
  },
  // Target of release schedules: queues the post for its second. Reads and writes no table.
  [RELEASE_OPERATION]: { description: 'Queues a post for its exact time (its release schedule fired)', table: 'none', timeoutSeconds: 10 },
  [WEBHOOK_DISPATCH_OPERATION]: { description: 'Makes the deliveries of each webhook event the table stream brings', table: 'RW' },
  // Signs with the webhook's secret: opens what the secret box sealed; a retry hours ahead waits in a schedule.
  [WEBHOOK_DELIVERY_OPERATION]: {
    description: 'Makes one webhook delivery attempt per queue message',
    table: 'RW',
    needs: { secretBox: 'open', webhookRetries: true },
  },
  [EXPIRY_SWEEP_OPERATION]: { description: 'Daily: announces LinkedIn tokens that expire within 7 days', table: 'RW' },
  // Makes series occurrences and recycled posts: hands them to the scheduler like any new post.
  [SERIES_TICK_OPERATION]: {
    description: 'Every 5 minutes: makes due series occurrences and recycles evergreen posts',
    table: 'RW',
    needs: { scheduler: ['schedule'] },
  },
  // Reads with the member's LinkedIn token: opens what the secret box sealed.
  [METRICS_COLLECTOR_OPERATION]: {
    description: "Reads a published post's figures back from its platforms",
    table: 'RW',
    needs: { secretBox: 'open' },
  },
  // Every 5 minutes (INBOX_COLLECTION_RATE_MINUTES), by an EventBridge Scheduler rate schedule: collects the
  // profiles active in the last 30 days. 'seal': a Bluesky session it renews is sealed again for the profile.
  [INBOX_COLLECTOR_OPERATION]: {
    description: 'Collects replies, mentions, quotes and comments of the active profiles (every 5 minutes)',
    table: 'RW',
    timeoutSeconds: 29,
    // blueskyOAuthKey: a Bluesky OAuth profile's session is refreshed with the client's signed assertion.
    needs: { secretBox: 'seal', blueskyOAuthKey: true },
  },
};

/** The scheduled inbox round (docs/decisions/0240-inbox-collection.md): its rate, read by the stack's schedule and the local runner. */
export const INBOX_COLLECTION_RATE_MINUTES = 5;

/** The operations the MCP function runs as tools: every api-key operation but itself (docs/decisions/0046-mcp.md). */
export const mcpToolOperations = (): string[] =>
  Object.entries(operations)
    .filter(([name, entry]) => entry.auth === 'api-key' && name !== MCP_OPERATION && entry.mcpTool !== false)
    .map(([name]) => name);
