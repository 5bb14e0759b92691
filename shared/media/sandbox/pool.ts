import { Worker, type ResourceLimits } from 'node:worker_threads';
import { SandboxUnavailable } from './errors';
import type { FromWorker, Host } from './protocol';
import { runOnWorker } from './run-on-worker';
import type { WorkerSource } from './worker-source';

/**
 * Workers with heap caps, each job under a hard timeout after which its worker is terminated
 * (docs/decisions/0141-untrusted-media-parsed-in-a-worker.md): a file that makes a parser loop or
 * allocate without end costs one worker, never the process. A worker that behaved is kept for the
 * next job (unref'd while idle, so it never holds the process open); at most `maxBusy` run at once,
 * later jobs wait their turn.
 */
export interface PoolOptions {
  source: () => WorkerSource;
  limits: ResourceLimits;
  maxBusy: number;
  /** A worker is replaced after this many jobs, so no slow leak in a native library accumulates. */
  jobsPerWorker: number;
  /** The largest single range a job may ask the service for. */
  maxReadBytes: number;
  /** How long a fresh worker may take to load its parsers before the box counts as broken. */
  startTimeoutMs: number;
}

export interface WorkerPool {
  run(job: string, input: unknown, timeoutMs: number, host?: Host): Promise<unknown>;
  /** Terminates the idle workers (tests; a process otherwise just exits past them). */
  close(): Promise<void>;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  jobs: number;
  exited: boolean;
}

export function createWorkerPool(options: PoolOptions): WorkerPool {
  const idle: Slot[] = [];
  const queue: Array<() => void> = [];
  let busy = 0;

  const spawn = (): Slot => {
    const source = options.source();
    const worker = new Worker(source.filename, { eval: source.eval, env: source.env, resourceLimits: options.limits });
    const slot: Slot = { worker, ready: whenReady(worker, options.startTimeoutMs), jobs: 0, exited: false };
    slot.ready.catch(() => undefined);
    worker.once('exit', () => (slot.exited = true));
    return slot;
  };
  const release = (slot: Slot | undefined, reusable: boolean) => {
    busy -= 1;
    queue.shift()?.();
    if (!slot) return;
    if (reusable && !slot.exited && slot.jobs < options.jobsPerWorker && idle.length === 0) {
      slot.worker.unref();
      idle.push(slot);
    } else void slot.worker.terminate();
  };
  const acquire = async (): Promise<Slot> => {
    while (busy >= options.maxBusy) await new Promise<void>((resolve) => queue.push(resolve));
    busy += 1;
    try {
      let slot = idle.pop();
      // An idle worker that went away on its own is replaced, never handed a job it cannot answer.
      if (!slot || slot.exited) slot = spawn();
      slot.worker.ref();
      return slot;
    } catch (error) {
      release(undefined, false);
      throw new SandboxUnavailable('the sandbox worker could not be created', { cause: error });
    }
  };

  return {
    async run(job, input, timeoutMs, host) {
      const slot = await acquire();
      let reusable = false;
      try {
        await slot.ready;
        slot.jobs += 1;
        const output = await runOnWorker(slot.worker, job, input, { timeoutMs, maxReadBytes: options.maxReadBytes, host });
        reusable = true;
        return output;
      } finally {
        release(slot, reusable);
      }
    },
    async close() {
      await Promise.all(idle.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

/** Resolves when the worker says ready; SandboxUnavailable when it fails, exits or stalls first. */
function whenReady(worker: Worker, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      worker.off('error', fail).off('exit', exited).off('message', said);
    };
    const fail = (error: Error) => {
      stop();
      void worker.terminate();
      reject(new SandboxUnavailable(`the sandbox worker did not start: ${error.message}`, { cause: error }));
    };
    const exited = (code: number) => fail(new Error(`exited with code ${code}`));
    const said = (message: FromWorker) => {
      if (message.type !== 'ready') return fail(new Error(`said ${message.type} before ready`));
      stop();
      resolve();
    };
    const timer = setTimeout(() => fail(new Error(`not ready after ${timeoutMs} ms`)), timeoutMs);
    worker.on('error', fail).on('exit', exited).on('message', said);
  });
}
