import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for Bluesky's video service (video.bsky.app) implementing the two lexicon methods
 * the publisher calls, against the real PDS of the test:
 * - `app.bsky.video.uploadVideo?did=&name=`: the bearer is a service token from the user's PDS;
 *   it is verified as the real service does (signature by the DID's signing key resolved from the
 *   PLC directory, `iss` = `did`, `aud` = the PDS's service DID, `lxm` = `com.atproto.repo.uploadBlob`),
 *   then the video is stored on the PDS with `com.atproto.repo.uploadBlob` under that same token,
 *   on the user's behalf, as the real service does with the processed video.
 * - `app.bsky.video.getJobStatus?jobId=`: `JOB_STATE_PROCESSING` while held, then
 *   `JOB_STATE_COMPLETED` with the blob.
 * `hold()` keeps new jobs processing until `release()` (a crash test stops the publisher mid-job).
 */
export interface VideoJob {
  jobId: string;
  did: string;
  name: string;
  size: number;
  blob?: unknown;
  held: boolean;
  error?: string;
}

export interface TestVideoService {
  url: string;
  jobs: VideoJob[];
  /** uploadVideo calls that passed the token check. */
  uploads(): number;
  statusCalls(): number;
  /** Calls refused, with why. */
  refusals: string[];
  hold(): void;
  release(): void;
  /** Resolves when `count` uploads have been accepted. */
  waitForUploads(count: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startVideoService(options: { pdsUrl: string; plcUrl: string }): Promise<TestVideoService> {
  const { verifyJwt } = await import('@atproto/xrpc-server');
  const { IdResolver } = await import('@atproto/identity');
  const resolver = new IdResolver({ plcUrl: options.plcUrl });
  const pdsDid = ((await (await fetch(`${options.pdsUrl}/xrpc/com.atproto.server.describeServer`)).json()) as { did: string }).did;
  const jobs: VideoJob[] = [];
  const refusals: string[] = [];
  let holding = false;
  let statusCalls = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const accepted = () => jobs.length;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const statusOf = (job: VideoJob) => ({
    jobId: job.jobId,
    did: job.did,
    state: job.error ? 'JOB_STATE_FAILED' : job.held || !job.blob ? 'JOB_STATE_PROCESSING' : 'JOB_STATE_COMPLETED',
    ...(job.blob && !job.held ? { blob: job.blob } : {}),
    ...(job.error ? { error: job.error } : {}),
  });

  async function upload(request: IncomingMessage, url: URL, response: ServerResponse): Promise<void> {
    const did = url.searchParams.get('did') ?? '';
    const token = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
    const chunks: Buffer[] = [];
    for await (const chunk of request as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    if (!token) return void (refusals.push('no token'), json(response, 401, { error: 'AuthMissing' }));
    try {
      const payload = await verifyJwt(token, pdsDid, 'com.atproto.repo.uploadBlob', (iss, force) =>
        resolver.did.resolveAtprotoKey(iss.split('#')[0]!, force),
      );
      if (payload.iss !== did) throw new Error(`iss ${payload.iss} is not did ${did}`);
    } catch (error) {
      refusals.push((error as Error).message);
      return json(response, 401, { error: 'InvalidToken', message: (error as Error).message });
    }
    const job: VideoJob = { jobId: randomUUID(), did, name: url.searchParams.get('name') ?? '', size: bytes.length, held: holding };
    jobs.push(job);
    // Stored on the user's PDS with the user's service token (aud = the PDS): what the real service does.
    const stored = await fetch(`${options.pdsUrl}/xrpc/com.atproto.repo.uploadBlob`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp4' },
      body: bytes,
    });
    const answer = (await stored.json()) as { blob?: unknown; error?: string; message?: string };
    if (stored.ok) job.blob = answer.blob;
    else job.error = `PDS uploadBlob ${stored.status}: ${answer.error} ${answer.message}`;
    for (const waiter of waiters.splice(0)) {
      if (accepted() >= waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }
    json(response, 200, { jobStatus: statusOf(job) });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://video');
    if (request.method === 'POST' && url.pathname === '/xrpc/app.bsky.video.uploadVideo') {
      upload(request, url, response).catch((error: Error) => json(response, 500, { error: 'InternalServerError', message: error.message }));
      return;
    }
    request.resume();
    if (request.method === 'GET' && url.pathname === '/xrpc/app.bsky.video.getJobStatus') {
      statusCalls += 1;
      const job = jobs.find((one) => one.jobId === url.searchParams.get('jobId'));
      if (!job) return json(response, 400, { error: 'NotFound', message: 'job not found' });
      return json(response, 200, { jobStatus: statusOf(job) });
    }
    json(response, 404, { error: 'MethodNotImplemented' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    jobs,
    refusals,
    uploads: accepted,
    statusCalls: () => statusCalls,
    hold: () => void (holding = true),
    release: () => {
      holding = false;
      for (const job of jobs) job.held = false;
    },
    waitForUploads: (count) => (accepted() >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
