import { config } from '#shared/config';
import { isLinkedInVersionRetiring, linkedInVersionStanding, type LinkedInVersionStanding } from '#shared/domain/linkedin-api-version';
import { logger } from '#shared/logger';
import { recordLinkedInVersionDaysLeftMetric } from '#shared/metrics';
import { clock } from '#shared/ports/clock';

/**
 * Checks the configured `LinkedIn-Version` once per process (a Lambda cold start, a local start):
 * a metric with the days it has left, and a warning when it is within 60 days of LinkedIn's
 * one-year retirement, so the move happens before LinkedIn answers 426 to every post
 * (docs/runbook.md, "Moving the LinkedIn API version").
 */
export function checkLinkedInApiVersion(version: string = config.linkedin.apiVersion, now: Date = clock.now()): LinkedInVersionStanding {
  const standing = linkedInVersionStanding(version, now);
  recordLinkedInVersionDaysLeftMetric(standing.daysLeft);
  if (isLinkedInVersionRetiring(standing)) {
    logger.warn(
      'LinkedIn API version is near or past its retirement: move LINKEDIN_API_VERSION (runbook, "Moving the LinkedIn API version")',
      {
        linkedin_version: standing.version,
        retires_on: standing.retiresOn.toISOString().slice(0, 10),
        days_left: standing.daysLeft,
      },
    );
  }
  return standing;
}

let checked = false;

/** The check, at most once per process. */
export function checkLinkedInApiVersionOnce(): void {
  if (checked) return;
  checked = true;
  checkLinkedInApiVersion();
}
