import { join } from 'node:path';
import { MediaUnreadable, SandboxUnavailable } from '#shared/media/sandbox/errors';
import { createWorkerPool, type WorkerPool } from '#shared/media/sandbox/pool';
import { workerSource } from '#shared/media/sandbox/worker-source';

/**
 * The worker pool that boxes every parse of untrusted media (shared/media/sandbox/pool.ts), with
 * a test worker whose jobs misbehave as a hostile file can make a parser misbehave: each costs
 * one worker and answers MediaUnreadable, the next job is answered, and failures of ours (a read
 * from storage) are told apart from the file's.
 */
describe('media sandbox pool', () => {
  let pool: WorkerPool;
  const source = () => workerSource(join(__dirname, '..', 'support', 'sandbox-test-worker.ts'));

  beforeAll(() => {
    pool = createWorkerPool({
      source,
      limits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 8 },
      maxBusy: 2,
      jobsPerWorker: 3,
      maxReadBytes: 1024,
      startTimeoutMs: 20_000,
    });
  });
  afterAll(() => pool.close());

  it('answers a job, and passes structured data both ways', async () => {
    await expect(pool.run('echo', { value: { a: [1, 2], b: 'x' } }, 10_000)).resolves.toEqual({ a: [1, 2], b: 'x' });
  });

  it('answers the reads a job asks for through the host, and refuses reads over the limit', async () => {
    const bytes = Buffer.from([1, 2, 3, 250]);
    await expect(pool.run('sum', { size: 4 }, 10_000, { read: async (start, end) => bytes.subarray(start, end) })).resolves.toBe(256);
    await expect(pool.run('readPast', {}, 10_000, { read: async () => bytes })).resolves.toBe('read [0, 1073741824) refused');
  });

  it('cuts off a job that allocates without end at the heap cap: MediaUnreadable, and the next job is answered', async () => {
    const refused = await pool.run('hog', {}, 30_000).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MediaUnreadable);
    expect((refused as MediaUnreadable).detail).toBe('the heap limit was reached');
    await expect(pool.run('echo', { value: 'after' }, 10_000)).resolves.toBe('after');
  });

  it('terminates a job that never yields at its timeout: MediaUnreadable, and the next job is answered', async () => {
    const refused = await pool.run('spin', {}, 300).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MediaUnreadable);
    expect((refused as MediaUnreadable).detail).toBe('still parsing after 300 ms');
    await expect(pool.run('echo', { value: 'after' }, 10_000)).resolves.toBe('after');
  });

  it('answers a crash of the worker as MediaUnreadable and a job that throws with its error', async () => {
    await expect(pool.run('crash', {}, 10_000)).rejects.toBeInstanceOf(MediaUnreadable);
    await expect(pool.run('fail', {}, 10_000)).rejects.toThrow('sandbox job fail failed: the job says no');
    await expect(pool.run('echo', { value: 1 }, 10_000)).resolves.toBe(1);
  });

  it('tells a failed storage read (ours) from the file: SandboxUnavailable', async () => {
    const failing = { read: () => Promise.reject(new Error('storage down')) };
    await expect(pool.run('sum', { size: 4 }, 10_000, failing)).rejects.toBeInstanceOf(SandboxUnavailable);
    // A read that never answers is ours too, not the file's.
    const stalled = { read: () => new Promise<Uint8Array>(() => undefined) };
    await expect(pool.run('sum', { size: 4 }, 300, stalled)).rejects.toBeInstanceOf(SandboxUnavailable);
  });

  it('runs at most maxBusy jobs at once and answers every queued one', async () => {
    const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => pool.run('echo', { value }, 20_000)));
    expect(answers).toEqual([1, 2, 3, 4, 5]);
  });

  it('answers SandboxUnavailable when the worker cannot start', async () => {
    const broken = createWorkerPool({
      source: () => workerSource(join(__dirname, 'no-such-worker.ts')),
      limits: {},
      maxBusy: 1,
      jobsPerWorker: 1,
      maxReadBytes: 1,
      startTimeoutMs: 20_000,
    });
    await expect(broken.run('echo', { value: 1 }, 1_000)).rejects.toBeInstanceOf(SandboxUnavailable);
    await broken.close();
  });
});
