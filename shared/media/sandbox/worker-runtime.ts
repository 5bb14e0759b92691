import { parentPort } from 'node:worker_threads';
import type { FromWorker, Host, ToWorker } from './protocol';

export type Job = (input: never, host: Host) => Promise<unknown>;

/**
 * The worker side of the sandbox (pool.ts is the other): says ready, runs each job it is sent,
 * and turns the job's reads into calls the service answers. Called once by a worker's entry.
 */
export function serve(jobs: Record<string, Job>): void {
  const port = parentPort;
  if (!port) throw new Error('a sandbox worker runs in a worker thread only');
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
  const run = async (name: string, input: unknown) => {
    try {
      if (!Object.hasOwn(jobs, name)) throw new Error(`no job named ${name}`);
      const job = jobs[name] as (input: unknown, host: Host) => Promise<unknown>;
      send({ type: 'done', output: await job(input, host) });
    } catch (error) {
      send({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
    }
  };
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
}
