/**
 * LinkedIn's monthly API versions (`LinkedIn-Version: YYYYMM`). LinkedIn supports each version for
 * about a year after its release, then answers `426 NONEXISTENT_VERSION` to every call: a pinned
 * version that nobody moves stops all LinkedIn publishing on one morning. The pin lives here so a
 * test can fail months before that happens (docs/runbook.md, "Moving the LinkedIn API version").
 */

/** The version the service is written and tested against; the LINKEDIN_API_VERSION setting overrides it. */
export const PINNED_LINKEDIN_API_VERSION = '202610';

/** How long LinkedIn keeps a version (from its versioning page: "at least one year"). */
export const LINKEDIN_VERSION_SUPPORT_MONTHS = 12;

/** Start-up warns (log and metric) when the version has this many days or fewer left. */
export const LINKEDIN_VERSION_WARNING_DAYS = 60;

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LinkedInVersionStanding {
  version: string;
  /** The first day of the version's month (LinkedIn releases during the month; the earliest is the safe reading). */
  releasedOn: Date;
  /** When LinkedIn may stop answering it: the release month plus the support period. */
  retiresOn: Date;
  /** Whole days from `now` until `retiresOn`; negative once past it. */
  daysLeft: number;
  /** Whole months since the release month (0 in the release month itself). */
  ageMonths: number;
}

/** True for a well-formed `YYYYMM` (a month 01-12). */
export function isLinkedInApiVersion(value: string): boolean {
  const match = /^(\d{4})(\d{2})$/.exec(value);
  return match !== null && Number(match[2]) >= 1 && Number(match[2]) <= 12;
}

export function linkedInVersionStanding(version: string, now: Date): LinkedInVersionStanding {
  if (!isLinkedInApiVersion(version)) throw new RangeError(`Not a LinkedIn API version (YYYYMM): "${version}"`);
  const year = Number(version.slice(0, 4));
  const month = Number(version.slice(4)) - 1;
  const releasedOn = new Date(Date.UTC(year, month, 1));
  const retiresOn = new Date(Date.UTC(year, month + LINKEDIN_VERSION_SUPPORT_MONTHS, 1));
  const ageMonths = (now.getUTCFullYear() - year) * 12 + (now.getUTCMonth() - month);
  return { version, releasedOn, retiresOn, daysLeft: Math.floor((retiresOn.getTime() - now.getTime()) / DAY_MS), ageMonths };
}

/** Whether start-up should warn: the version is within the warning window of its retirement, or past it. */
export function isLinkedInVersionRetiring(standing: LinkedInVersionStanding): boolean {
  return standing.daysLeft <= LINKEDIN_VERSION_WARNING_DAYS;
}
