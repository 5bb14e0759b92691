/** The names of the operations that are not routes of the manifest, or that the stack wires by name. */

/** Answers every request that matches no route (API Gateway's `$default` route). */
export const DEFAULT_OPERATION = 'not-found';
/** The publisher consumes the publish queue... */
export const PUBLISHER_OPERATION = 'publish-post';
/** ...which a post's release schedule feeds through this short function (docs/decisions.md). */
export const RELEASE_OPERATION = 'release-post';
/** Webhooks: the stream's consumer makes each recorded event's deliveries... */
export const WEBHOOK_DISPATCH_OPERATION = 'dispatch-webhook-events';
/** ...which the deliverer makes, one attempt per message of the webhook queue... */
export const WEBHOOK_DELIVERY_OPERATION = 'deliver-webhook';
/** Metrics: the collector consumes the metrics queue (docs/decisions/0048-metrics-collection.md). */
export const METRICS_COLLECTOR_OPERATION = 'collect-metrics';
/** ...and the daily schedule's target announces LinkedIn tokens about to expire. */
export const EXPIRY_SWEEP_OPERATION = 'sweep-expiring-profiles';
/** The inbox: the scheduled round collects the active profiles (docs/decisions/0240-inbox-collection.md). */
export const INBOX_COLLECTOR_OPERATION = 'collect-inbox';
/** Series and evergreen recycling: a recurring schedule's target (docs/decisions/0263-series-advance-on-due-and-by-a-tick.md). */
export const SERIES_TICK_OPERATION = 'tick-series';
/** The MCP endpoint's operation: it runs the other api-key operations as tools, and is no tool itself. */
export const MCP_OPERATION = 'mcp';
