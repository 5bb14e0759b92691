import * as path from 'node:path';
import { JOB_TIMEOUT_MS, JOBS_PER_WORKER, MAX_BUSY_WORKERS, MAX_READ_BYTES, START_TIMEOUT_MS, WORKER_LIMITS } from './limits';
import { createWorkerPool } from './pool';
import type { Host } from './protocol';
import type { JobName, Jobs } from './jobs';
import { workerSource } from './worker-source';

/** The worker's file beside a Lambda bundle (lib/api-function.ts bundles worker.ts under this name). */
export const BUNDLED_WORKER_FILE = 'media-sandbox-worker.js';

const pool = createWorkerPool({
  source: () => workerSource(path.join(__dirname, 'worker.ts'), BUNDLED_WORKER_FILE),
  limits: WORKER_LIMITS,
  maxBusy: MAX_BUSY_WORKERS,
  jobsPerWorker: JOBS_PER_WORKER,
  maxReadBytes: MAX_READ_BYTES,
  startTimeoutMs: START_TIMEOUT_MS,
});

/**
 * The typed door to the media worker: `runInSandbox('prepare-image', {...})` answers what the job
 * answers, or throws MediaUnreadable (the file ran over the bounds) or SandboxUnavailable (ours).
 * Only types come from jobs.ts: the parsers themselves load in the worker, not here.
 */
export async function runInSandbox<Name extends JobName>(
  name: Name,
  input: Parameters<Jobs[Name]>[0],
  host?: Host,
): Promise<Awaited<ReturnType<Jobs[Name]>>> {
  return (await pool.run(name, input, JOB_TIMEOUT_MS[name], host)) as Awaited<ReturnType<Jobs[Name]>>;
}

/** Terminates the idle media workers (tests that count threads; a process otherwise exits past them). */
export const closeMediaSandbox = () => pool.close();

export { MediaUnreadable, SandboxUnavailable } from './errors';
