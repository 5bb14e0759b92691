import { isLinkedInApiVersion, PINNED_LINKEDIN_API_VERSION } from '#shared/domain/linkedin-api-version';
import type { QuotaLimits } from '#shared/domain/quotas';

/**
 * Settings, read once per process (per Lambda cold start): first the raw environment,
 * then a typed object with defaults. A bad value fails at start-up with a message that
 * names the variable, never in the middle of a request.
 */
export interface Config {
  /** DynamoDB table holding every entity (single-table design). */
  tableName: string;
  /** The DynamoDB endpoint when not the region's (DynamoDB Local); absent in AWS. */
  dynamoEndpoint: string | undefined;
  region: string;
  /**
   * SERVICE_RUNTIME=local, set by the local launcher and the tests: outbound calls may reach
   * loopback and http. Never inferred from another setting (an endpoint), so nothing in AWS can
   * switch these rules off by accident.
   */
  local: boolean;
  dataDir: string | undefined;
  port: number;
  publicBaseUrl: string;
  logLevel: string;
  /** The Lambda function's name (AWS sets it); on every log line, since the route functions share one log group. */
  functionName: string | undefined;
  rateLimit: { requests: number; windowSeconds: number };
  bluesky: {
    serviceUrl: string;
    timeoutMs: number;
    video: { serviceUrl: string; maxWaitMs: number; pollMs: number };
    /** The PLC directory that resolves did:plc identities for atproto OAuth (BLUESKY_PLC_URL; docs/api.md, "Connecting Bluesky with OAuth"). */
    plcUrl: string;
    /**
     * The OAuth client's private signing key (a JWK with `kid`), from BLUESKY_OAUTH_PRIVATE_JWK, or from Secrets Manager when
     * BLUESKY_OAUTH_PRIVATE_JWK_SECRET_ARN is set (docs/decisions/0291-bluesky-oauth-client-key-setting.md).
     */
    oauthPrivateJwk: string | undefined;
    oauthPrivateJwkSecretArn: string | undefined;
  };
  linkedin: {
    clientId: string;
    clientSecret: string;
    clientSecretArn: string | undefined;
    oauthBaseUrl: string;
    apiBaseUrl: string;
    apiVersion: string;
    timeoutMs: number;
    /**
     * Where image and video bytes may be PUT with the member's token (LINKEDIN_UPLOAD_HOSTS): each
     * `scheme://host[:port]`, the host exact or `*.` for its subdomains. A bare host means https.
     * Default: LinkedIn's own hosts (docs/decisions/0146-linkedin-upload-hosts.md).
     */
    uploadHosts: string[];
  };
  oauthReturnUrlHosts: string[];
  /**
   * The origins a browser may send POST /mcp from (MCP_ALLOWED_ORIGINS, plus PUBLIC_BASE_URL's own):
   * an Origin header that is present and not one of them is 403 (docs/decisions/0164-mcp-origin-rule.md).
   */
  mcpAllowedOrigins: string[];
  publishing: { maxAttempts: number; baseDelayMs: number; maxDelayMs: number; claimLeaseMs: number };
  /**
   * How long an API request may take before it is answered 503 SERVICE_UNAVAILABLE with retry-after
   * and its work abandoned (shared/http/request-deadline.ts; docs/decisions/0038-a-deadline-on-every-request.md): `storeMs` for operations that only wait on the store, `outboundMs` for those that also
   * wait on a platform, a web address, image decoding or password hashing.
   */
  requestDeadline: { storeMs: number; outboundMs: number };
  aws: {
    kmsKeyId: string | undefined;
    scheduleGroup: string;
    schedulerRoleArn: string | undefined;
    /** The short function a release schedule invokes: it queues the post for its exact time. */
    releaseFunctionArn: string | undefined;
    /** The SQS queue the publisher consumes. */
    publishQueueUrl: string | undefined;
    deadLetterQueueArn: string | undefined;
    /** The SQS queue of webhook delivery attempts (the deliverer consumes it). */
    webhookQueueUrl?: string;
    /**
     * Where retries due beyond the queue's 15-minute delay wait: the webhook queue's ARN (their
     * schedules' target), its dead-letter queue, the schedule group and the role the schedules run as.
     */
    webhookQueueArn?: string;
    webhookDeadLetterQueueArn?: string;
    webhookScheduleGroup?: string;
    webhookSchedulerRoleArn?: string;
    /** The SQS queue of metrics collections (the collector consumes it; schedules send to it by its ARN). */
    metricsQueueUrl?: string;
    metricsQueueArn?: string;
    /** The schedule group of the 1 h / 24 h / 7 d collections, and the role those schedules run as. */
    metricsScheduleGroup?: string;
    metricsSchedulerRoleArn?: string;
    /** Where a collection schedule dead-letters (its Scheduler DeadLetterConfig). */
    metricsDeadLetterQueueArn?: string;
  };
  /**
   * Where published posts' figures are read back (docs/api.md, "Metrics and analytics"), and how
   * many refreshes an account may ask for per window (METRICS_REFRESH_ACCOUNT_LIMIT per
   * METRICS_REFRESH_ACCOUNT_WINDOW_SECONDS, default 30 an hour), beside the 5 minutes per post.
   */
  metrics: { blueskyAppViewUrl: string; accountRefreshLimit: number; accountRefreshWindowSeconds: number };
  /** What an account may hold of what all share (docs/api.md, "Quotas"). */
  quotas: QuotaLimits;
  /** How long the pages a LinkedIn member administers are kept per profile (LINKEDIN_AUTHORS_CACHE_SECONDS, default 300). */
  linkedinAuthorsCacheSeconds: number;
  /** AWS: the private bucket holding uploaded images and their published variants (locally DATA_DIR/media). */
  mediaBucket: string | undefined;
}

type Env = Record<string, string | undefined>;

export class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`Setting ${name} must be an integer between ${min} and ${max}, got "${raw}"`);
  }
  return value;
}

function url(env: Env, name: string, fallback: string): string {
  const raw = env[name] || fallback;
  try {
    const parsed = new URL(raw);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('protocol');
  } catch {
    throw new ConfigError(`Setting ${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/** LinkedIn's upload URLs (`https://www.linkedin.com/dms-uploads/...`) and its CDN. */
const LINKEDIN_UPLOAD_HOSTS = '*.linkedin.com,*.licdn.com';

function uploadHosts(env: Env, name: string, fallback: string): string[] {
  const raw = env[name] || fallback;
  return raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const normalized = /^https?:\/\//.test(entry) ? entry.replace(/\/+$/, '') : `https://${entry}`;
      if (!/^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/.test(normalized)) {
        throw new ConfigError(`Setting ${name} must list hosts (host, *.domain or scheme://host:port), got "${entry}"`);
      }
      return normalized;
    });
}

/** MCP_ALLOWED_ORIGINS (comma-separated `scheme://host[:port]`) and PUBLIC_BASE_URL's origin, each as `URL.origin` writes it. */
function mcpAllowedOrigins(env: Env, publicBaseUrl: string): string[] {
  const listed = (env.MCP_ALLOWED_ORIGINS || '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let parsed: URL | undefined;
      try {
        parsed = new URL(entry);
      } catch {
        parsed = undefined;
      }
      const bare = parsed && parsed.pathname === '/' && !parsed.search && !parsed.hash && !parsed.username && !parsed.password;
      if (!parsed || !bare || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
        throw new ConfigError(`Setting MCP_ALLOWED_ORIGINS must list origins (scheme://host[:port]), got "${entry}"`);
      }
      return parsed.origin;
    });
  return [...new Set([new URL(publicBaseUrl).origin, ...listed])];
}

/** Turns a raw environment into a typed configuration; throws ConfigError on a bad value. */
export function envToConfig(env: Env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const apiVersion = env.LINKEDIN_API_VERSION || PINNED_LINKEDIN_API_VERSION;
  if (!isLinkedInApiVersion(apiVersion)) throw new ConfigError(`Setting LINKEDIN_API_VERSION must be YYYYMM, got "${apiVersion}"`);
  const tableName = env.TABLE_NAME || 'social-posting';
  if (tableName.length < 3 || tableName.length > 255) throw new ConfigError('Setting TABLE_NAME must be 3 to 255 characters');
  const dynamoEndpoint = env.DYNAMODB_ENDPOINT || undefined;
  const publicBaseUrl = url(env, 'PUBLIC_BASE_URL', `http://127.0.0.1:${port}`);
  const runtime = env.SERVICE_RUNTIME || 'aws';
  if (runtime !== 'aws' && runtime !== 'local') throw new ConfigError(`Setting SERVICE_RUNTIME must be aws or local, got "${runtime}"`);
  return {
    tableName,
    dynamoEndpoint,
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    local: runtime === 'local',
    dataDir: env.DATA_DIR || undefined,
    port,
    publicBaseUrl,
    logLevel: (env.LOG_LEVEL || 'INFO').toUpperCase(),
    functionName: env.AWS_LAMBDA_FUNCTION_NAME || undefined,
    rateLimit: {
      requests: integer(env, 'RATE_LIMIT_REQUESTS', 100),
      windowSeconds: integer(env, 'RATE_LIMIT_WINDOW_SECONDS', 60),
    },
    bluesky: {
      serviceUrl: url(env, 'BLUESKY_SERVICE_URL', 'https://bsky.social'),
      timeoutMs: integer(env, 'BLUESKY_TIMEOUT_MS', 10_000),
      // docs/api.md, "Video": Bluesky's video service, and how long one publish waits for its job.
      video: {
        serviceUrl: url(env, 'BLUESKY_VIDEO_SERVICE_URL', 'https://video.bsky.app'),
        maxWaitMs: integer(env, 'BLUESKY_VIDEO_MAX_WAIT_MS', 60_000),
        pollMs: integer(env, 'BLUESKY_VIDEO_POLL_MS', 1_000),
      },
      plcUrl: url(env, 'BLUESKY_PLC_URL', 'https://plc.directory'),
      oauthPrivateJwk: env.BLUESKY_OAUTH_PRIVATE_JWK || undefined,
      oauthPrivateJwkSecretArn: env.BLUESKY_OAUTH_PRIVATE_JWK_SECRET_ARN || undefined,
    },
    linkedin: {
      clientId: env.LINKEDIN_CLIENT_ID || '',
      clientSecret: env.LINKEDIN_CLIENT_SECRET || '',
      clientSecretArn: env.LINKEDIN_CLIENT_SECRET_ARN || undefined,
      oauthBaseUrl: url(env, 'LINKEDIN_OAUTH_BASE_URL', 'https://www.linkedin.com/oauth/v2'),
      apiBaseUrl: url(env, 'LINKEDIN_API_BASE_URL', 'https://api.linkedin.com'),
      apiVersion,
      timeoutMs: integer(env, 'LINKEDIN_TIMEOUT_MS', 10_000),
      uploadHosts: uploadHosts(env, 'LINKEDIN_UPLOAD_HOSTS', LINKEDIN_UPLOAD_HOSTS),
    },
    oauthReturnUrlHosts: (env.OAUTH_RETURN_URL_HOSTS || '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    mcpAllowedOrigins: mcpAllowedOrigins(env, publicBaseUrl),
    publishing: {
      maxAttempts: integer(env, 'PUBLISH_MAX_ATTEMPTS', 4),
      baseDelayMs: integer(env, 'PUBLISH_RETRY_BASE_MS', 500, 0),
      maxDelayMs: integer(env, 'PUBLISH_RETRY_MAX_MS', 8_000, 0),
      // Longer than any live run's platform call with its retries; the soak shortens it to see takeovers.
      claimLeaseMs: integer(env, 'PUBLISH_CLAIM_LEASE_MS', 5 * 60_000, 10_000),
    },
    requestDeadline: {
      storeMs: integer(env, 'REQUEST_DEADLINE_MS', 4_000, 100, 28_000),
      outboundMs: integer(env, 'OUTBOUND_REQUEST_DEADLINE_MS', 20_000, 100, 28_000),
    },
    aws: {
      kmsKeyId: env.KMS_KEY_ID || undefined,
      scheduleGroup: env.SCHEDULE_GROUP || 'default',
      schedulerRoleArn: env.SCHEDULER_ROLE_ARN || undefined,
      releaseFunctionArn: env.RELEASE_FUNCTION_ARN || undefined,
      publishQueueUrl: env.PUBLISH_QUEUE_URL || undefined,
      deadLetterQueueArn: env.PUBLISH_DLQ_ARN || undefined,
      webhookQueueUrl: env.WEBHOOK_QUEUE_URL || undefined,
      webhookQueueArn: env.WEBHOOK_QUEUE_ARN || undefined,
      webhookDeadLetterQueueArn: env.WEBHOOK_DLQ_ARN || undefined,
      webhookScheduleGroup: env.WEBHOOK_SCHEDULE_GROUP || undefined,
      webhookSchedulerRoleArn: env.WEBHOOK_SCHEDULER_ROLE_ARN || undefined,
      metricsQueueUrl: env.METRICS_QUEUE_URL || undefined,
      metricsQueueArn: env.METRICS_QUEUE_ARN || undefined,
      metricsScheduleGroup: env.METRICS_SCHEDULE_GROUP || undefined,
      metricsSchedulerRoleArn: env.METRICS_SCHEDULER_ROLE_ARN || undefined,
      metricsDeadLetterQueueArn: env.METRICS_DLQ_ARN || undefined,
    },
    metrics: {
      blueskyAppViewUrl: url(env, 'BLUESKY_APPVIEW_URL', 'https://public.api.bsky.app'),
      accountRefreshLimit: integer(env, 'METRICS_REFRESH_ACCOUNT_LIMIT', 30),
      accountRefreshWindowSeconds: integer(env, 'METRICS_REFRESH_ACCOUNT_WINDOW_SECONDS', 3600, 60, 86_400),
    },
    quotas: {
      keys: integer(env, 'QUOTA_KEYS', 100),
      webhooks: integer(env, 'QUOTA_WEBHOOKS', 20),
      pendingMedia: integer(env, 'QUOTA_PENDING_MEDIA', 50),
      pendingMediaBytes: integer(env, 'QUOTA_PENDING_MEDIA_BYTES', 5_000_000_000),
    },
    linkedinAuthorsCacheSeconds: integer(env, 'LINKEDIN_AUTHORS_CACHE_SECONDS', 300, 0, 3600),
    mediaBucket: env.MEDIA_BUCKET || undefined,
  };
}

/** The process's configuration, read once at module load. */
export const config: Config = envToConfig(process.env);
