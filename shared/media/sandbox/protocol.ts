/**
 * The messages between the service and a media worker (run-on-worker.ts on the service's side,
 * worker-runtime.ts on the worker's). The worker holds no credentials and no storage client: when
 * a job needs bytes (a video's boxes, read in ranges) it asks the service with a `call`, and the
 * service answers.
 */

/** What a job may ask of the service while it runs. */
export interface Host {
  /** Bytes [start, end) of the file being parsed. */
  read(start: number, end: number): Promise<Uint8Array>;
}

export type ToWorker = { type: 'run'; job: string; input: unknown } | { type: 'reply'; id: number; value?: Uint8Array; error?: string };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'call'; id: number; name: 'read'; args: [number, number] }
  | { type: 'done'; output: unknown }
  | { type: 'failed'; message: string };
