import type { Worker } from 'node:worker_threads';
import { MediaUnreadable, SandboxUnavailable } from './errors';
import type { FromWorker, Host, ToWorker } from './protocol';

/**
 * One job on a ready worker: its answer; MediaUnreadable when it ran over `timeoutMs`, reached
 * the heap cap or killed the worker (the worker is then gone or terminated here); the job's own
 * error; or SandboxUnavailable when what failed was a read of ours (storage), not the file.
 */
export function runOnWorker(
  worker: Worker,
  job: string,
  input: unknown,
  options: { timeoutMs: number; maxReadBytes: number; host?: Host },
): Promise<unknown> {
  const { timeoutMs, maxReadBytes, host } = options;
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
      // terminate() stops even a synchronous loop (V8's TerminateExecution).
      void worker.terminate();
      if (readsPending > 0) settle(() => reject(new SandboxUnavailable(`a storage read was still pending after ${timeoutMs} ms`)));
      else refuse(`still parsing after ${timeoutMs} ms`);
    }, timeoutMs);
    const reply = (message: ToWorker) => {
      if (!settled) worker.postMessage(message);
    };
    const answerRead = (id: number, start: number, end: number) => {
      if (!host || !(Number.isSafeInteger(start) && start >= 0 && end >= start && end - start <= maxReadBytes)) {
        reply({ type: 'reply', id, error: `read [${start}, ${end}) refused` });
        return;
      }
      readsPending += 1;
      host.read(start, end).then(
        (value) => {
          readsPending -= 1;
          // A view on a larger buffer would be cloned whole: copy out just its bytes.
          reply({ type: 'reply', id, value: value.byteLength === value.buffer.byteLength ? value : value.slice() });
        },
        (error: Error) => {
          readsPending -= 1;
          hostFailure = new SandboxUnavailable(`a storage read failed: ${error.message}`, { cause: error });
          reply({ type: 'reply', id, error: 'read failed' });
        },
      );
    };
    const onMessage = (message: FromWorker) => {
      if (message.type === 'done') settle(() => resolve(message.output));
      else if (message.type === 'failed') settle(() => reject(hostFailure ?? new Error(`sandbox job ${job} failed: ${message.message}`)));
      else if (message.type === 'call') answerRead(message.id, ...message.args);
    };
    const onError = (error: Error & { code?: string }) =>
      refuse(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the heap limit was reached' : `the worker crashed: ${error.message}`);
    const onExit = (code: number) => refuse(`the worker exited with code ${code}`);
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage({ type: 'run', job, input } satisfies ToWorker);
  });
}
