import type { ModelSettings } from '../../bench/pipeline/scheduling-model';
import { RecordingScheduler } from '../support/recording-scheduler';
import { startTestService, type TestService } from '../support/test-service';

/**
 * The offline model of the AWS publishing path (bench/pipeline), held to the bounds:
 * whatever second of its minute EventBridge Scheduler fires, posts go out within 2 s of their
 * time at p99 and no function waits over a second; a burst of 10,000 posts due in one minute
 * stays within the publisher's concurrency and loses nothing. `npm run bench` runs it larger.
 */
jest.setTimeout(180_000);

const queue: ModelSettings['queue'] = {
  batchSize: 10,
  maxConcurrency: 10,
  visibilityTimeoutMs: 18 * 60_000,
  maxReceiveCount: 5,
  pickupMaxMs: 100,
};
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;

describe('the publishing pipeline model', () => {
  let service: TestService;
  // Loaded after the service has set its settings (modules read them once, at load).
  let model: typeof import('../../bench/pipeline/scheduling-model');
  beforeAll(async () => {
    service = await startTestService({ LOG_LEVEL: 'SILENT' }, { scheduler: new RecordingScheduler() });
    model = await import('../../bench/pipeline/scheduling-model');
  });
  afterAll(async () => {
    await service.stop();
  });

  it('publishes 150 posts at random seconds once each, p99 within 2 s of their time, never early, no function waiting over 1 s', async () => {
    const account = await service.createAccount({ plan: 'pro' });
    await service.connectProfile(account.accountId, 'bluesky');

    const figures = await model.runOnTimeModel(account.accountId, { posts: 150, nearShare: 0.3, platformLatencyMs: 250, queue, seed: 7 });

    expect(figures.published).toBe(150);
    expect(figures.publishedTwice).toBe(0);
    expect(figures.queuedDirectly).toBeGreaterThan(20);
    expect(figures.schedulesFired).toBe(150 - figures.queuedDirectly);
    expect(Math.min(...figures.latenessMs)).toBeGreaterThanOrEqual(0);
    expect(percentile(figures.latenessMs, 99)).toBeLessThanOrEqual(2000);
    expect(figures.maxWaitMs).toBeLessThanOrEqual(1000);
    expect(figures.peakConcurrency).toBeLessThanOrEqual(queue.maxConcurrency);
  });

  it('drains 10,000 posts due in one minute within the publisher concurrency, losing none, failed runs retried', async () => {
    const figures = await model.runBurstModel({ posts: 10_000, publisherMs: 400, failureShare: 0.02, queue, seed: 11 });

    expect(figures.peakConcurrency).toBe(queue.maxConcurrency);
    expect(figures.redeliveries).toBeGreaterThan(0);
    expect(figures.delivered).toBe(10_000);
    expect(figures.deadLettered).toBe(0);
    expect(figures.lost).toBe(0);
  });
});
