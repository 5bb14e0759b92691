/** The publisher's metric: one EMF line per platform result, in AWS only. */
describe('platform result metric', () => {
  it('writes one EMF record with the platform and error code dimensions', async () => {
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
      const { recordPlatformResultMetric } = await import('#shared/metrics');
      recordPlatformResultMetric('linkedin', 'failed', 'PLATFORM_REJECTED');
    } finally {
      write.mockRestore();
    }
    const emf = lines.map((line) => JSON.parse(line)).find((record) => record._aws);
    expect(emf).toMatchObject({ platform: 'linkedin', error_code: 'PLATFORM_REJECTED', PlatformFailed: 1 });
    expect(emf._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: 'SocialPosting',
      Metrics: [{ Name: 'PlatformFailed', Unit: 'Count' }],
    });
  });
});

/** The lateness metric the lateness alarm reads: its name, unit, namespace and dimension set are its contract. */
describe('publish lateness metric', () => {
  it('writes one EMF record: SocialPosting PublishLateness in Milliseconds, dimensioned by service alone', async () => {
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
      const { recordPublishLatenessMetric } = await import('#shared/metrics');
      recordPublishLatenessMetric(1_234);
    } finally {
      write.mockRestore();
    }
    const records = lines.map((line) => JSON.parse(line)).filter((record) => record._aws);
    expect(records).toHaveLength(1);
    const { _aws: aws, ...fields } = records[0];
    expect(fields).toEqual({ service: 'social-posting', PublishLateness: 1_234 });
    expect(aws.CloudWatchMetrics).toEqual([
      { Namespace: 'SocialPosting', Dimensions: [['service']], Metrics: [{ Name: 'PublishLateness', Unit: 'Milliseconds' }] },
    ]);
  });
});
