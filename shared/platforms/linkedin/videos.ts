import type { PublishVideo } from '#shared/platforms/publisher';
import { linkedinRequest, type LinkedInResponse } from './http';
import type { ImageUploadContext } from './images';
import { assertUploadUrls } from './upload-hosts';

/**
 * LinkedIn's Videos API (docs/api.md, "Video"): `initializeUpload` registers the video for the
 * author (its size declared) and answers one upload instruction per part (about 4 MB each,
 * byte ranges); each part is PUT to its URL and answers an ETag; `finalizeUpload` hands back the
 * ETags in order. The video URN can then be referenced by a post (`content.media`). Parts are
 * read from storage one at a time. Nothing here publishes anything: every step may be retried.
 */
export class VideoUploadFailed extends Error {
  constructor(
    readonly step: 'initialize' | 'upload' | 'finalize',
    readonly response?: LinkedInResponse,
  ) {
    super(`LinkedIn video ${step} failed${response ? ` (${response.status})` : ''}`);
    this.name = 'VideoUploadFailed';
  }
}

interface UploadInstruction {
  uploadUrl: string;
  firstByte: number;
  lastByte: number;
}

/** A part's upload may take longer than a JSON call: 4 MB over a slow link. */
const PART_TIMEOUT_MS = 60_000;

/**
 * Uploads the video; returns its URN (`urn:li:video:…`). Network errors are thrown as they come;
 * a part URL off LinkedIn's hosts throws UploadUrlRefused before any part (or token) is sent.
 */
export async function uploadVideo(video: PublishVideo, context: ImageUploadContext): Promise<string> {
  const headers = {
    authorization: `Bearer ${context.accessToken}`,
    'linkedin-version': context.apiVersion,
    'x-restli-protocol-version': '2.0.0',
    'content-type': 'application/json',
  };
  const initialized = await linkedinRequest(`${context.apiBaseUrl}/rest/videos?action=initializeUpload`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      initializeUploadRequest: { owner: context.owner, fileSizeBytes: video.sizeBytes, uploadCaptions: false, uploadThumbnail: false },
    }),
    timeoutMs: context.timeoutMs,
  });
  const value = jsonValue(initialized) as { video?: unknown; uploadInstructions?: UploadInstruction[]; uploadToken?: unknown } | undefined;
  const instructions = value?.uploadInstructions;
  if (initialized.status !== 200 || typeof value?.video !== 'string' || !Array.isArray(instructions) || !instructions.length)
    throw new VideoUploadFailed('initialize', initialized);
  // Every part's URL before the first byte: no part goes anywhere if one would go astray.
  assertUploadUrls(
    instructions.map((part) => String(part.uploadUrl)),
    context.uploadHosts,
  );

  const etags: string[] = [];
  for (const part of instructions) {
    const bytes = await video.read(part.firstByte, part.lastByte + 1);
    const uploaded = await linkedinRequest(part.uploadUrl, {
      method: 'PUT',
      headers: { authorization: headers.authorization, 'content-type': 'application/octet-stream' },
      body: bytes,
      timeoutMs: Math.max(context.timeoutMs, PART_TIMEOUT_MS),
    });
    const etag = uploaded.headers.etag;
    if (uploaded.status < 200 || uploaded.status > 299 || typeof etag !== 'string') throw new VideoUploadFailed('upload', uploaded);
    etags.push(etag);
  }

  const finalized = await linkedinRequest(`${context.apiBaseUrl}/rest/videos?action=finalizeUpload`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      finalizeUploadRequest: {
        video: value.video,
        uploadToken: typeof value.uploadToken === 'string' ? value.uploadToken : '',
        uploadedPartIds: etags,
      },
    }),
    timeoutMs: context.timeoutMs,
  });
  if (finalized.status < 200 || finalized.status > 299) throw new VideoUploadFailed('finalize', finalized);
  return value.video;
}

function jsonValue(response: LinkedInResponse): unknown {
  try {
    return (JSON.parse(response.body) as { value?: unknown }).value;
  } catch {
    return undefined;
  }
}
