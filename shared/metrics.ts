import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { config } from '#shared/config';

/**
 * CloudWatch metrics in Embedded Metric Format (Powertools): written as log lines, so they
 * cost no API call. Locally they are not emitted (there is no CloudWatch to read them).
 */
const metrics = new Metrics({ namespace: 'SocialPosting', serviceName: 'social-posting' });

/** One metric per platform result: `PlatformPublished` or `PlatformFailed`, by platform (and error code). */
export function recordPlatformResultMetric(platform: string, outcome: 'published' | 'failed', errorCode?: string): void {
  if (config.local) return;
  const single = metrics.singleMetric();
  single.addDimension('platform', platform);
  if (errorCode) single.addDimension('error_code', errorCode);
  single.addMetric(outcome === 'published' ? 'PlatformPublished' : 'PlatformFailed', MetricUnit.Count, 1);
}

/** `LinkedInVersionDaysLeft`: days until the pinned LinkedIn API version may be retired (docs/runbook.md, "Moving the LinkedIn API version"). */
export function recordLinkedInVersionDaysLeftMetric(daysLeft: number): void {
  if (config.local) return;
  const single = metrics.singleMetric();
  single.addMetric('LinkedInVersionDaysLeft', MetricUnit.Count, daysLeft);
}

/**
 * How late a run's first platform call started after the post was due (docs/decisions/0034-publish-lateness-metric.md): `PublishLateness` in milliseconds, with the service dimension alone, as the
 * lateness alarm reads it.
 */
export function recordPublishLatenessMetric(latenessMs: number): void {
  if (config.local) return;
  metrics.singleMetric().addMetric(PUBLISH_LATENESS_METRIC, MetricUnit.Milliseconds, latenessMs);
}

export const PUBLISH_LATENESS_METRIC = 'PublishLateness';
