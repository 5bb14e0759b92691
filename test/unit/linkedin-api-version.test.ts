import {
  isLinkedInVersionRetiring,
  LINKEDIN_VERSION_WARNING_DAYS,
  linkedInVersionStanding,
  PINNED_LINKEDIN_API_VERSION,
} from '#shared/domain/linkedin-api-version';
import { checkLinkedInApiVersion } from '#shared/platforms/linkedin/version-guard';
import { startFakeLinkedIn } from '../fakes/fake-linkedin';
import { captureLogs } from '../support/log-capture';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('LinkedIn API version guard', () => {
  it('the pinned LinkedIn-Version is at most 10 months old today (move it: docs/runbook.md, "Moving the LinkedIn API version")', () => {
    // The real date on purpose: this test is meant to start failing as the pin ages, two months
    // before LinkedIn retires the version and answers 426 to every post.
    const standing = linkedInVersionStanding(PINNED_LINKEDIN_API_VERSION, new Date());
    expect(standing.ageMonths).toBeGreaterThanOrEqual(0);
    expect(standing.ageMonths).toBeLessThanOrEqual(10);
  });

  it('a version retires a year after its release month; the warning starts 60 days before', () => {
    const standing = linkedInVersionStanding('202610', day('2027-08-02'));
    expect(standing.retiresOn.toISOString()).toBe('2027-10-01T00:00:00.000Z');
    expect(standing.daysLeft).toBe(LINKEDIN_VERSION_WARNING_DAYS);
    expect(isLinkedInVersionRetiring(standing)).toBe(true);
    expect(isLinkedInVersionRetiring(linkedInVersionStanding('202610', day('2027-07-31')))).toBe(false);
    expect(linkedInVersionStanding('202610', day('2027-10-02')).daysLeft).toBe(-1);
    expect(linkedInVersionStanding('202610', day('2027-08-15')).ageMonths).toBe(10);
    expect(() => linkedInVersionStanding('202613', day('2027-01-01'))).toThrow(RangeError);
  });

  it('start-up logs a warning with the days left only when the version is within 60 days of retirement', () => {
    const logs = captureLogs();
    try {
      checkLinkedInApiVersion('202610', day('2027-03-01'));
      expect(logs.text()).not.toContain('LinkedIn API version is near');
      checkLinkedInApiVersion('202610', day('2027-09-01'));
    } finally {
      logs.restore();
    }
    const warning = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('LinkedIn API version is near'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warning).toEqual([
      expect.objectContaining({ level: 'WARN', linkedin_version: '202610', retires_on: '2027-10-01', days_left: 30 }),
    ]);
  });

  it('the fake LinkedIn, like LinkedIn, answers 426 NONEXISTENT_VERSION to a retired version and accepts the pinned one', async () => {
    const linkedin = await startFakeLinkedIn();
    try {
      const token = linkedin.issueToken({ sub: 'version-1' }).token;
      const post = (version: string) =>
        fetch(`${linkedin.settings().LINKEDIN_API_BASE_URL}/rest/posts`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'linkedin-version': version,
            'x-restli-protocol-version': '2.0.0',
            'content-type': 'application/json',
          },
          body: JSON.stringify({
            author: 'urn:li:person:version-1',
            commentary: 'hello',
            visibility: 'PUBLIC',
            distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
            lifecycleState: 'PUBLISHED',
            isReshareDisabledByAuthor: false,
          }),
        });
      const retired = await post('202409');
      expect(retired.status).toBe(426);
      expect(await retired.json()).toMatchObject({ status: 426, code: 'NONEXISTENT_VERSION' });
      expect((await post(PINNED_LINKEDIN_API_VERSION)).status).toBe(201);
    } finally {
      await linkedin.stop();
    }
  });
});
