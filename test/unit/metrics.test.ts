/**
 * What a metric function writes in AWS (EMF lines on stdout), read back as records: the module is
 * loaded afresh with the AWS runtime's settings, since locally nothing is written.
 */
// EMF records are free-form JSON read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EmfRecord = Record<string, any>;

async function emfRecordsOf(record: (metrics: typeof import('#shared/metrics')) => void): Promise<EmfRecord[]> {
  jest.resetModules();
  delete process.env.DYNAMODB_ENDPOINT; // as in AWS
  delete process.env.SERVICE_RUNTIME;
  process.env.TABLE_NAME = 'metrics-test';
  const lines: string[] = [];
  const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  try {
    record(await import('#shared/metrics'));
  } finally {
    write.mockRestore();
  }
  return lines.map((line) => JSON.parse(line) as EmfRecord).filter((entry) => entry._aws);
}

/** The publisher's metric: one EMF line per platform result, in AWS only. */
describe('platform result metric', () => {
  it('writes one EMF record with the platform and error code dimensions', async () => {
    const [emf] = await emfRecordsOf((metrics) => metrics.recordPlatformResultMetric('linkedin', 'failed', 'PLATFORM_REJECTED'));
    expect(emf).toMatchObject({ platform: 'linkedin', error_code: 'PLATFORM_REJECTED', PlatformFailed: 1 });
    expect(emf!._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'SocialPosting',
      Metrics: [{ Name: 'PlatformFailed', Unit: 'Count' }],
    });
  });
});

/** The lateness metric the lateness alarm reads: its name, unit, namespace and dimension set are its contract. */
describe('publish lateness metric', () => {
  it('writes one EMF record: SocialPosting PublishLateness in Milliseconds, dimensioned by service alone', async () => {
    const records = await emfRecordsOf((metrics) => metrics.recordPublishLatenessMetric(1_234));
    expect(records).toHaveLength(1);
    const { _aws: aws, ...fields } = records[0]!;
    expect(fields).toEqual({ service: 'social-posting', PublishLateness: 1_234 });
    expect(aws.CloudWatchMetrics).toEqual([
      { Namespace: 'SocialPosting', Dimensions: [['service']], Metrics: [{ Name: 'PublishLateness', Unit: 'Milliseconds' }] },
    ]);
  });
});
