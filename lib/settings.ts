import type { Node } from 'constructs';

/**
 * Deployment settings, given as CDK context (`cdk deploy -c linkedinClientId=... -c
 * publicBaseUrl=https://api.example.com/v1`) or in cdk.json. A setting left out is left out of
 * the functions' environment too, so shared/config.ts stays the one place that holds defaults.
 */
export interface ServiceSettings {
  linkedinClientId?: string;
  /** Default: the API stage URL (the LinkedIn redirect_uri is built from it). */
  publicBaseUrl?: string;
  linkedinApiVersion?: string;
  blueskyServiceUrl?: string;
  /** Bluesky's video service (docs/api.md, "Video"); default https://video.bsky.app. */
  blueskyVideoServiceUrl?: string;
  /** Comma-separated hosts a LinkedIn `return_url` may point at. */
  oauthReturnUrlHosts?: string;
  /** Comma-separated origins a browser may call POST /mcp from, besides publicBaseUrl's (docs/api.md, "MCP"). */
  mcpAllowedOrigins?: string;
  logLevel?: string;
  /** An existing SNS topic that the alarms notify instead of the stack's own. */
  alarmTopicArn?: string;
  /** An e-mail address subscribed to the stack's own alarm topic (SNS sends a confirmation e-mail first). */
  alarmEmail?: string;
  /** The most publisher invocations at once (the publish queue's event source; 2..1000, default 50). */
  publisherMaxConcurrency?: string;
  /**
   * Publisher instances kept initialised (provisioned concurrency on its `live` alias, which the
   * publish queue feeds): 0 up to publisherMaxConcurrency, default 0: opt in once the account's
   * concurrency quota allows it (docs/decisions/0186-the-warm-publisher-is-opt-in.md).
   */
  publisherWarmInstances?: string;
}

/** Publisher concurrency when no setting says otherwise: a burst waits in the queue beyond it. */
export const DEFAULT_PUBLISHER_MAX_CONCURRENCY = 50;
/**
 * No warm publisher unless a setting says so: provisioned concurrency fails the deploy (and rolls the
 * stack back) on a new account whose concurrency quota is 10 or 50, since Lambda keeps 100 of it
 * unreserved (docs/decisions/0186-the-warm-publisher-is-opt-in.md).
 */
export const DEFAULT_PUBLISHER_WARM_INSTANCES = 0;

const CONTEXT_KEYS = [
  'linkedinClientId',
  'publicBaseUrl',
  'linkedinApiVersion',
  'blueskyServiceUrl',
  'blueskyVideoServiceUrl',
  'oauthReturnUrlHosts',
  'mcpAllowedOrigins',
  'logLevel',
  'alarmTopicArn',
  'alarmEmail',
  'publisherMaxConcurrency',
  'publisherWarmInstances',
] as const satisfies readonly (keyof ServiceSettings)[];

/** Reads the settings from CDK context (the stack validates them). */
export function settingsFromContext(node: Node): ServiceSettings {
  const settings: ServiceSettings = {};
  for (const key of CONTEXT_KEYS) {
    const value: unknown = node.tryGetContext(key);
    if (value !== undefined && value !== null && value !== '') settings[key] = String(value);
  }
  return settings;
}

/** Fails the synth, rather than the first cold start after a deploy, on a malformed value. */
export function validateSettings(settings: ServiceSettings): void {
  for (const key of ['publicBaseUrl', 'blueskyServiceUrl', 'blueskyVideoServiceUrl'] as const) {
    const value = settings[key];
    if (value !== undefined && !/^https?:\/\/[^\s/]+/.test(value)) {
      throw new Error(`Context value ${key} must be an http(s) URL, got "${value}"`);
    }
  }
  if (settings.alarmTopicArn !== undefined && !/^arn:aws[a-z-]*:sns:[a-z0-9-]+:\d{12}:[\w-]+$/.test(settings.alarmTopicArn)) {
    throw new Error(`Context value alarmTopicArn must be an SNS topic ARN, got "${settings.alarmTopicArn}"`);
  }
  // One address: SNS takes one endpoint per subscription, and a typo only shows as a confirmation never received.
  if (settings.alarmEmail !== undefined && !/^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(settings.alarmEmail)) {
    throw new Error(`Context value alarmEmail must be one e-mail address, got "${settings.alarmEmail}"`);
  }
  if (settings.publisherMaxConcurrency !== undefined) {
    const value = Number(settings.publisherMaxConcurrency);
    // SQS event sources take a maximum concurrency of 2 to 1000.
    if (!Number.isInteger(value) || value < 2 || value > 1000) {
      throw new Error(
        `Context value publisherMaxConcurrency must be a whole number from 2 to 1000, got "${settings.publisherMaxConcurrency}"`,
      );
    }
  }
  if (settings.publisherWarmInstances !== undefined) {
    const value = Number(settings.publisherWarmInstances);
    const most = Number(settings.publisherMaxConcurrency ?? DEFAULT_PUBLISHER_MAX_CONCURRENCY);
    // More warm instances than the queue may ever run at once would be paid for and never used.
    if (!/^\d+$/.test(settings.publisherWarmInstances) || value > most) {
      throw new Error(
        `Context value publisherWarmInstances must be a whole number from 0 to publisherMaxConcurrency (${most}), got "${settings.publisherWarmInstances}"`,
      );
    }
  }
  if (settings.linkedinApiVersion !== undefined && !/^\d{6}$/.test(settings.linkedinApiVersion)) {
    throw new Error(`Context value linkedinApiVersion must be YYYYMM, got "${settings.linkedinApiVersion}"`);
  }
}

/** The settings as the environment variables shared/config.ts reads (undefined ones omitted). */
export function settingsEnvironment(settings: ServiceSettings): Record<string, string> {
  const env: Record<string, string | undefined> = {
    LINKEDIN_CLIENT_ID: settings.linkedinClientId,
    LINKEDIN_API_VERSION: settings.linkedinApiVersion,
    BLUESKY_SERVICE_URL: settings.blueskyServiceUrl,
    BLUESKY_VIDEO_SERVICE_URL: settings.blueskyVideoServiceUrl,
    OAUTH_RETURN_URL_HOSTS: settings.oauthReturnUrlHosts,
    MCP_ALLOWED_ORIGINS: settings.mcpAllowedOrigins,
    // Always set, so an operator can raise it in the console without a deploy.
    LOG_LEVEL: settings.logLevel ?? 'INFO',
  };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}
