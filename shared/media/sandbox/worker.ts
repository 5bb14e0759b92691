import { parentPort } from 'node:worker_threads';
import { jobs, type JobName } from './jobs';
import type { FromWorker, Host, ToWorker } from './protocol';

/**
 * The media worker's entry (started by pool.ts; bundled on its own as media-sandbox-worker.js for
 * Lambda): runs one job at a time and asks the service for the bytes it reads.
 */
const port = parentPort;
if (!port) throw new Error('the media worker runs in a worker thread only');

const calls = new Map<number, { resolve(value: Uint8Array): void; reject(error: Error): void }>();
let nextCall = 0;
const send = (message: FromWorker) => port.postMessage(message);

const host: Host = {
  read: (start, end) =>
    new Promise((resolve, reject) => {
      nextCall += 1;
      calls.set(nextCall, { resolve, reject });
      send({ type: 'call', id: nextCall, name: 'read', args: [start, end] });
    }),
};

async function run(job: string, input: unknown): Promise<void> {
  try {
    if (!Object.hasOwn(jobs, job)) throw new Error(`no job named ${job}`);
    const output = await (jobs[job as JobName] as (input: unknown, host: Host) => Promise<unknown>)(input, host);
    send({ type: 'done', output });
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'run') {
    void run(message.job, message.input);
    return;
  }
  const call = calls.get(message.id);
  calls.delete(message.id);
  if (message.value) call?.resolve(message.value);
  else call?.reject(new Error(message.error ?? 'no answer'));
});
send({ type: 'ready' });
