import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The fake LinkedIn's Videos API (docs/api.md, "Video"), hooked into fake-linkedin.ts, as
 * LinkedIn documents it: `POST /rest/videos?action=initializeUpload` with
 * `{initializeUploadRequest: {owner, fileSizeBytes, uploadCaptions, uploadThumbnail}}` answers the
 * video URN and one upload instruction per 4 MiB part (`uploadUrl`, `firstByte`, `lastByte`); each
 * part is PUT to its URL (exactly its byte count, else 400) and answers an `etag`;
 * `POST /rest/videos?action=finalizeUpload` with `{finalizeUploadRequest: {video, uploadToken,
 * uploadedPartIds}}` must list every part's ETag in order (else 400), and only then may a post
 * reference the video in `content.media` (else 422, as LinkedIn refuses a video still waiting).
 */
export interface FakeVideo {
  urn: string;
  owner: string;
  fileSizeBytes: number;
  parts: Array<{ firstByte: number; lastByte: number; token: string; etag?: string; bytes?: Buffer }>;
  status: 'WAITING_UPLOAD' | 'AVAILABLE';
  finalizeCalls: number;
}

export interface VideoHost {
  send(response: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void;
  restError(status: number, message: string, code?: string): Record<string, unknown>;
  restHeadersProblem(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined;
  tokenProblem(headers: IncomingHttpHeaders): { scopes: string[]; user: { sub: string } } | Record<string, unknown>;
  actingAs(requested: unknown, issued: { scopes: string[]; user: { sub: string } }): string;
  baseUrl(): string;
}

/** LinkedIn's part size: 4 MiB, the last part the remainder. */
export const VIDEO_PART_BYTES = 4 * 1024 * 1024;
const VIDEO_URN = /^urn:li:video:/;

export function fakeLinkedInVideos(host: VideoHost) {
  const videos = new Map<string, FakeVideo>();
  let counter = 0;
  let initializeCalls = 0;

  type Issued = { scopes: string[]; user: { sub: string } };
  function authorized(headers: IncomingHttpHeaders, response: ServerResponse, rest = true): Issued | undefined {
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) return void host.send(response, 401, issued);
    const problem = rest ? host.restHeadersProblem(headers) : undefined;
    if (problem) return void host.send(response, problem.status, problem.body);
    return issued as Issued;
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  function parse(raw: string): Record<string, any> | undefined {
    try {
      return JSON.parse(raw) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    } catch {
      return undefined;
    }
  }

  function initialize(raw: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = authorized(headers, response);
    if (!issued) return;
    initializeCalls += 1;
    const request = parse(raw)?.initializeUploadRequest;
    const owner: unknown = request?.owner;
    const size: unknown = request?.fileSizeBytes;
    if (typeof owner !== 'string') return host.send(response, 422, host.restError(422, 'Field /initializeUploadRequest/owner is required'));
    if (!Number.isSafeInteger(size) || (size as number) < 1)
      return host.send(response, 422, host.restError(422, 'Field /initializeUploadRequest/fileSizeBytes must be a positive integer'));
    if (owner !== host.actingAs(owner, issued))
      return host.send(response, 403, host.restError(403, `Not enough permissions to upload as ${owner}`));
    counter += 1;
    const video: FakeVideo = {
      urn: `urn:li:video:C5F10AQ${String(counter).padStart(10, '0')}`,
      owner,
      fileSizeBytes: size as number,
      parts: [],
      status: 'WAITING_UPLOAD',
      finalizeCalls: 0,
    };
    for (let first = 0; first < video.fileSizeBytes; first += VIDEO_PART_BYTES) {
      video.parts.push({
        firstByte: first,
        lastByte: Math.min(first + VIDEO_PART_BYTES, video.fileSizeBytes) - 1,
        token: randomBytes(8).toString('hex'),
      });
    }
    videos.set(video.urn, video);
    host.send(response, 200, {
      value: {
        uploadUrlsExpireAt: Date.now() + 60 * 60 * 1000,
        video: video.urn,
        uploadInstructions: video.parts.map((part, index) => ({
          uploadUrl: `${host.baseUrl()}/video-uploads/${encodeURIComponent(video.urn)}/${index}?token=${part.token}`,
          firstByte: part.firstByte,
          lastByte: part.lastByte,
        })),
        uploadToken: '',
      },
    });
  }

  function uploadPart(url: URL, bytes: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = authorized(headers, response, false);
    if (!issued) return;
    const [urn, index] = url.pathname.slice('/video-uploads/'.length).split('/').map(decodeURIComponent);
    const video = videos.get(urn ?? '');
    const part = video?.parts[Number(index)];
    if (!video || !part || url.searchParams.get('token') !== part.token)
      return host.send(response, 403, host.restError(403, 'Invalid upload URL'));
    if (video.owner !== host.actingAs(video.owner, issued))
      return host.send(response, 403, host.restError(403, 'Not the owner of this upload'));
    const expected = part.lastByte - part.firstByte + 1;
    if (bytes.length !== expected)
      return host.send(response, 400, host.restError(400, `Part ${index} must be ${expected} bytes, got ${bytes.length}`));
    part.bytes = bytes;
    part.etag = `/${randomBytes(16).toString('base64url')}`;
    host.send(response, 200, undefined, { etag: part.etag });
  }

  function finalize(raw: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = authorized(headers, response);
    if (!issued) return;
    const request = parse(raw)?.finalizeUploadRequest;
    const video = typeof request?.video === 'string' ? videos.get(request.video) : undefined;
    if (!video) return host.send(response, 422, host.restError(422, 'Field /finalizeUploadRequest/video is not a known video URN'));
    if (video.owner !== host.actingAs(video.owner, issued))
      return host.send(response, 403, host.restError(403, 'Not the owner of this video'));
    video.finalizeCalls += 1;
    const given: unknown = request.uploadedPartIds;
    const expected = video.parts.map((part) => part.etag);
    if (expected.some((etag) => etag === undefined))
      return host.send(response, 400, host.restError(400, 'Not every part has been uploaded'));
    if (!Array.isArray(given) || JSON.stringify(given) !== JSON.stringify(expected))
      return host.send(response, 400, host.restError(400, 'uploadedPartIds must list every part ETag, in order'));
    video.status = 'AVAILABLE';
    host.send(response, 200);
  }

  return {
    /** Answers the Videos API's requests; false when the request is not one of them. */
    route(method: string | undefined, url: URL, bytes: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): boolean {
      if (method === 'POST' && url.pathname === '/rest/videos') {
        const action = url.searchParams.get('action');
        if (action === 'initializeUpload') initialize(bytes.toString('utf8'), headers, response);
        else if (action === 'finalizeUpload') finalize(bytes.toString('utf8'), headers, response);
        else host.send(response, 400, host.restError(400, 'Unsupported action'));
        return true;
      }
      if (method === 'PUT' && url.pathname.startsWith('/video-uploads/')) {
        uploadPart(url, bytes, headers, response);
        return true;
      }
      return false;
    },
    /** content.media naming a video: uploaded and finalized by the post's author; undefined when the id is no video URN. */
    mediaProblem(media: { id?: unknown; altText?: unknown }, author: string): { status: number; message: string } | undefined {
      if (typeof media.id !== 'string' || !VIDEO_URN.test(media.id)) return undefined;
      const video = videos.get(media.id);
      if (!video) return { status: 422, message: 'Field /content/media/id is not a known video URN' };
      if (video.owner !== author) return { status: 403, message: 'Field /content/media/id: the video belongs to another owner' };
      if (video.status !== 'AVAILABLE')
        return { status: 422, message: `Field /content/media/id: the video ${video.urn} is not finalized (status ${video.status})` };
      return undefined;
    },
    isVideo: (id: unknown): boolean => typeof id === 'string' && VIDEO_URN.test(id),
    controls: {
      /** Videos registered through the Videos API, by URN. */
      videos: (): Map<string, FakeVideo> => new Map(videos),
      initializeCalls: (): number => initializeCalls,
      /** The uploaded bytes of a video, parts joined. */
      bytesOf: (urn: string): Buffer => Buffer.concat((videos.get(urn)?.parts ?? []).map((part) => part.bytes ?? Buffer.alloc(0))),
    },
  };
}
