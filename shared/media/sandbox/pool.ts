import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { MediaUnreadable, SandboxUnavailable } from './errors';
import { JOBS_PER_WORKER, MAX_BUSY_WORKERS, MAX_READ_BYTES, WORKER_LIMITS } from './limits';
import type { FromWorker, Host, ToWorker } from './protocol';

/**
 * Runs one parse of untrusted bytes in a `worker_threads` Worker with heap caps and a hard
 * timeout (docs/decisions/0141-untrusted-media-parsed-in-a-worker.md): a file that makes the
 * parser loop or allocate without end costs one terminated worker, never the process. Workers
 * are kept for the next job while they behave; at most MAX_BUSY_WORKERS run at once.
 */

/** The worker's file beside a Lambda bundle (lib/api-function.ts bundles it next to index.js). */
export const BUNDLED_WORKER_FILE = 'media-sandbox-worker.js';
/** How long a fresh worker may take to load its parsers before the box counts as broken. */
const START_TIMEOUT_MS = 20_000;

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  jobs: number;
  exited: boolean;
}

function workerOptions(): { filename: string; eval: boolean; env: Record<string, string> } {
  const bundled = path.join(__dirname, BUNDLED_WORKER_FILE);
  // The worker's environment holds where modules are found and nothing else: no setting, no secret to leak.
  const env = Object.fromEntries(['NODE_PATH', 'TZ', 'LANG'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
  if (existsSync(bundled)) return { filename: bundled, eval: false, env };
  // From the TypeScript sources (npm start under tsx, tests under ts-jest): a worker cannot load
  // .ts itself, so a two-line script registers tsx's require hook (which resolves the #shared/*
  // aliases from the repository's tsconfig) and loads worker.ts through it.
  const root = path.resolve(__dirname, '..', '..', '..');
  const tsx = createRequire(path.join(root, 'package.json')).resolve('tsx/cjs/api');
  const source = `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(path.join(__dirname, 'worker.ts'))});`;
  return { filename: source, eval: true, env: { ...env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.json') } };
}

function spawn(): Slot {
  const options = workerOptions();
  const worker = new Worker(options.filename, { eval: options.eval, env: options.env, resourceLimits: WORKER_LIMITS });
  const ready = new Promise<void>((resolve, reject) => {
    const stop = () => {
      clearTimeout(timer);
      worker.off('error', fail).off('exit', exited).off('message', said);
    };
    const fail = (error: Error) => {
      stop();
      void worker.terminate();
      reject(new SandboxUnavailable(`the media worker did not start: ${error.message}`, { cause: error }));
    };
    const exited = (code: number) => fail(new Error(`exited with code ${code}`));
    const said = (message: FromWorker) => {
      if (message.type !== 'ready') return fail(new Error(`said ${message.type} before ready`));
      stop();
      resolve();
    };
    const timer = setTimeout(() => fail(new Error(`not ready after ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
    worker.on('error', fail).on('exit', exited).on('message', said);
  });
  ready.catch(() => undefined);
  const slot: Slot = { worker, ready, jobs: 0, exited: false };
  worker.once('exit', () => (slot.exited = true));
  return slot;
}

const idle: Slot[] = [];
const queue: Array<() => void> = [];
let busy = 0;

async function acquire(): Promise<Slot> {
  while (busy >= MAX_BUSY_WORKERS) await new Promise<void>((resolve) => queue.push(resolve));
  busy += 1;
  try {
    let slot = idle.pop();
    // An idle worker that went away on its own is replaced, never handed a job it cannot answer.
    if (!slot || slot.exited) slot = spawn();
    slot.worker.ref();
    return slot;
  } catch (error) {
    release(undefined, false);
    throw new SandboxUnavailable('the media worker could not be created', { cause: error });
  }
}

function release(slot: Slot | undefined, reusable: boolean): void {
  busy -= 1;
  queue.shift()?.();
  if (!slot) return;
  if (reusable && !slot.exited && slot.jobs < JOBS_PER_WORKER && idle.length === 0) {
    // An idle worker never keeps the process alive.
    slot.worker.unref();
    idle.push(slot);
  } else void slot.worker.terminate();
}

/** Runs `job` on `input` in a worker; the job's answer, or MediaUnreadable / SandboxUnavailable. */
export async function runJob(job: string, input: unknown, timeoutMs: number, host?: Host): Promise<unknown> {
  const slot = await acquire();
  let reusable = false;
  try {
    await slot.ready;
    slot.jobs += 1;
    const output = await runOn(slot.worker, job, input, timeoutMs, host);
    reusable = true;
    return output;
  } finally {
    release(slot, reusable);
  }
}

function runOn(worker: Worker, job: string, input: unknown, timeoutMs: number, host: Host | undefined): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let readsPending = 0;
    let settled = false;
    let hostFailure: Error | undefined;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    const refuse = (detail: string) => settle(() => reject(new MediaUnreadable(detail)));
    const timer = setTimeout(() => {
      // terminate() stops even a synchronous loop (V8 TerminateExecution).
      void worker.terminate();
      if (readsPending > 0) settle(() => reject(new SandboxUnavailable(`a storage read was still pending after ${timeoutMs} ms`)));
      else refuse(`still parsing after ${timeoutMs} ms`);
    }, timeoutMs);
    const reply = (message: ToWorker) => {
      if (!settled) worker.postMessage(message);
    };
    const onMessage = (message: FromWorker) => {
      if (message.type === 'done') settle(() => resolve(message.output));
      else if (message.type === 'failed') settle(() => reject(hostFailure ?? new Error(`media job ${job} failed: ${message.message}`)));
      else if (message.type === 'call') {
        const [start, end] = message.args;
        if (!host || !(start >= 0 && end >= start && end - start <= MAX_READ_BYTES)) {
          reply({ type: 'reply', id: message.id, error: `read [${start}, ${end}) refused` });
          return;
        }
        readsPending += 1;
        host.read(start, end).then(
          (value) => {
            readsPending -= 1;
            // A view on a larger buffer would be cloned whole: copy out just its bytes.
            reply({ type: 'reply', id: message.id, value: value.byteLength === value.buffer.byteLength ? value : value.slice() });
          },
          (error: Error) => {
            readsPending -= 1;
            hostFailure = new SandboxUnavailable(`a storage read failed: ${error.message}`, { cause: error });
            reply({ type: 'reply', id: message.id, error: 'read failed' });
          },
        );
      }
    };
    const onError = (error: Error & { code?: string }) =>
      refuse(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the heap limit was reached' : `the worker crashed: ${error.message}`);
    const onExit = (code: number) => refuse(`the worker exited with code ${code}`);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ type: 'run', job, input } satisfies ToWorker);
  });
}
