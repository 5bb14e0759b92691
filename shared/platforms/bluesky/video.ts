import { XRPCError, type AppBskyFeedPost } from '@atproto/api';
import { config } from '#shared/config';
import { clock } from '#shared/ports/clock';
import type { PublishVideo } from '#shared/platforms/publisher';
import { withRenewal } from './post-thread';
import type { ProfileSession } from './session';

/**
 * A post's video as `app.bsky.embed.video` (docs/api.md, "Video"), through Bluesky's video
 * service: a service token from the user's PDS (audience: the PDS itself, method
 * `com.atproto.repo.uploadBlob`, which the video service uses to store the processed blob there),
 * `app.bsky.video.uploadVideo` streaming the bytes from storage, then `getJobStatus` until the
 * job is done. The job id is recorded before any wait, so a run after a crash (or after the
 * wait ran out) resumes the job and never uploads the video twice.
 */
export class VideoStillProcessing extends Error {
  constructor(jobId: string, waitedMs: number) {
    super(`Bluesky's video service is still processing job ${jobId} after ${Math.round(waitedMs / 1000)} s; it is resumed on retry`);
    this.name = 'VideoStillProcessing';
  }
}

interface JobStatus {
  jobId: string;
  state: string;
  blob?: unknown;
  error?: string;
  message?: string;
}

/** Stream chunks read from storage: the upload never holds more than one in memory. */
const CHUNK_BYTES = 4 * 1024 * 1024;
/** One upload of at most 100 MB: minutes at worst, but not forever. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export async function videoEmbed(session: ProfileSession, video: PublishVideo): Promise<AppBskyFeedPost.Record['embed']> {
  const service = config.bluesky.video.serviceUrl.replace(/\/+$/, '');
  let jobId = await video.savedJob();
  let status = jobId ? await jobStatus(service, jobId) : undefined;
  if (!jobId || !status) {
    jobId = await uploadVideo(session, service, video);
    await video.saveJob(jobId);
    status = undefined;
  }
  const started = clock.now().getTime();
  const { maxWaitMs, pollMs } = config.bluesky.video;
  for (;;) {
    status ??= await jobStatus(service, jobId);
    if (!status) throw new XRPCError(400, 'VideoJobNotFound', `Bluesky's video service does not know job ${jobId}`);
    if (status.state === 'JOB_STATE_COMPLETED' && status.blob) {
      return {
        $type: 'app.bsky.embed.video',
        video: status.blob as never,
        alt: video.altText,
        aspectRatio: { width: video.width, height: video.height },
      };
    }
    if (status.state === 'JOB_STATE_FAILED')
      throw new XRPCError(
        400,
        'VideoProcessingFailed',
        `Bluesky could not process the video: ${status.error ?? status.message ?? 'failed'}`,
      );
    const waited = clock.now().getTime() - started;
    if (waited >= maxWaitMs) throw new VideoStillProcessing(jobId, waited);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    status = undefined;
  }
}

/** The service token the video service presents to the PDS when it stores the processed blob. */
async function serviceToken(session: ProfileSession): Promise<string> {
  const pds = (await withRenewal(session, () => session.agent.com.atproto.server.describeServer())).data.did;
  const exp = Math.floor(clock.now().getTime() / 1000) + 30 * 60;
  const { data } = await withRenewal(session, () =>
    session.agent.com.atproto.server.getServiceAuth({ aud: pds, lxm: 'com.atproto.repo.uploadBlob', exp }),
  );
  return data.token;
}

async function uploadVideo(session: ProfileSession, service: string, video: PublishVideo): Promise<string> {
  const token = await serviceToken(session);
  const query = new URLSearchParams({ did: session.did, name: `${video.mediaId}.mp4` });
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= video.sizeBytes) return controller.close();
      const end = Math.min(offset + CHUNK_BYTES, video.sizeBytes);
      controller.enqueue(await video.read(offset, end));
      offset = end;
    },
  });
  // The operator's setting, not user input: a plain request, streamed (the SSRF-safe client buffers bodies).
  const response = await fetch(`${service}/xrpc/app.bsky.video.uploadVideo?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'video/mp4', 'content-length': String(video.sizeBytes) },
    body,
    duplex: 'half',
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  } as RequestInit);
  const answer = (await response.json().catch(() => ({}))) as { jobId?: string; jobStatus?: JobStatus; error?: string; message?: string };
  // 409 already_exists: the service has this very video from this account; its job is the one to follow.
  const jobId = answer.jobStatus?.jobId ?? answer.jobId;
  if ((response.ok || response.status === 409) && jobId) return jobId;
  throw videoServiceError(response.status, answer, 'uploadVideo');
}

/** The job's status, or undefined when the service does not know the job (expired, or another service). */
async function jobStatus(service: string, jobId: string): Promise<JobStatus | undefined> {
  const response = await fetch(`${service}/xrpc/app.bsky.video.getJobStatus?${new URLSearchParams({ jobId })}`, {
    signal: AbortSignal.timeout(config.bluesky.timeoutMs),
  });
  const answer = (await response.json().catch(() => ({}))) as { jobStatus?: JobStatus; error?: string; message?: string };
  if (response.ok && answer.jobStatus) return answer.jobStatus;
  if (response.status === 404 || (response.status === 400 && /not.?found/i.test(`${answer.error} ${answer.message}`))) return undefined;
  throw videoServiceError(response.status, answer, 'getJobStatus');
}

/**
 * The video service's refusal: 4xx rejects the video (never the app password: the service token
 * is ours to renew), anything else is temporary.
 */
function videoServiceError(status: number, answer: { error?: string; message?: string }, method: string): Error {
  const message = `video service ${method}: ${answer.error ?? status}${answer.message ? ` (${answer.message})` : ''}`;
  if (status >= 400 && status < 500 && status !== 401 && status !== 429)
    return new XRPCError(400, answer.error ?? 'VideoRejected', message);
  return new Error(message);
}
