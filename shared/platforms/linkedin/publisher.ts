import { config } from '#shared/config';
import { clock } from '#shared/ports/clock';
import type {
  PlatformPublisher,
  PublishDocument,
  PublishImage,
  PublishOutcome,
  PublishRequest,
  PublishVideo,
} from '#shared/platforms/publisher';
import { openLinkedInCredentials, type LinkedInCredentials } from './credentials';
import { LinkedInNetworkError, linkedinRequest, parseErrorBody, type LinkedInResponse } from './http';
import { articleFor } from './article';
import { linkedInAuthorUrn, NO_PAGE_PICKED } from './author';
import { ImageUploadFailed, uploadImage, type ImageUploadContext } from './images';
import { renderLinkedInCommentary } from './render';
import { UploadUrlRefused } from './upload-hosts';
import { uploadVideo, VideoUploadFailed } from './videos';
import { checkLinkedInApiVersionOnce } from './version-guard';
import { commentOnLinkedIn } from './comments';
import { documentContent, DocumentUploadFailed, uploadDocument } from './documents';
import { pollContent } from './polls';

/**
 * Publishes a text post as the connected member through the Posts API and classifies what
 * happened. Nothing here retries: the publisher does, and only on outcomes marked retryable
 * (LinkedIn provably did not create the post). A timeout or reset after sending is
 * PLATFORM_OUTCOME_UNKNOWN, never retried, because a repeat could post twice.
 */
export interface LinkedInPublisherOptions {
  apiBaseUrl: string;
  apiVersion: string;
  timeoutMs: number;
  /** Where upload URLs may point; config.linkedin.uploadHosts unless given. */
  uploadHosts?: readonly string[];
}

type Failure = Extract<PublishOutcome, { ok: false }>;
const failure = (code: Failure['code'], message: string, retryable: boolean, retryAfterSeconds?: number): Failure => ({
  ok: false,
  code,
  message,
  retryable,
  ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
});

/** Retry-After in seconds: a number of seconds or an HTTP date (RFC 9110); undefined when absent or unreadable. */
function retryAfterSeconds(value: string | string[] | undefined, now: Date): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  if (/^\d+$/.test(raw.trim())) return Number(raw.trim());
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now.getTime()) / 1000));
}

/** LinkedIn's own words for a refusal, bounded (they end up in the post's result). */
function linkedinMessage(response: LinkedInResponse): string {
  const body = parseErrorBody(response.body);
  const message = typeof body.message === 'string' ? body.message : response.body.trim() || `HTTP ${response.status}`;
  return message.slice(0, 500);
}

function isDuplicate(response: LinkedInResponse): boolean {
  const body = parseErrorBody(response.body) as { message?: unknown; errorDetails?: { inputErrors?: { code?: unknown }[] } };
  const codes = body.errorDetails?.inputErrors?.map((error) => error.code) ?? [];
  return codes.includes('DUPLICATE_POST') || (typeof body.message === 'string' && /duplicate/i.test(body.message));
}

export function classifyResponse(response: LinkedInResponse, now: Date): PublishOutcome {
  const { status } = response;
  if (status === 201 || status === 200) {
    const header = response.headers['x-restli-id'];
    const urn = (Array.isArray(header) ? header[0] : header) ?? '';
    // A 201 means the post is live even if the id were missing: report success, never a retry.
    return { ok: true, platformPostId: urn, url: urn ? `https://www.linkedin.com/feed/update/${urn}` : 'https://www.linkedin.com/feed/' };
  }
  if (status === 401) return failure('PLATFORM_AUTH_EXPIRED', `LinkedIn refused the access token: ${linkedinMessage(response)}`, false);
  if (status === 429)
    return failure('PLATFORM_UNAVAILABLE', 'LinkedIn rate limit reached', true, retryAfterSeconds(response.headers['retry-after'], now));
  if (status >= 500) return failure('PLATFORM_UNAVAILABLE', `LinkedIn answered ${status}`, true);
  if (status === 422 && isDuplicate(response)) return failure('PLATFORM_DUPLICATE', linkedinMessage(response), false);
  return failure('PLATFORM_REJECTED', linkedinMessage(response), false);
}

export function createLinkedInPublisher(options: LinkedInPublisherOptions): PlatformPublisher {
  const postsUrl = `${options.apiBaseUrl}/rest/posts`;

  async function credentialsOf(request: PublishRequest): Promise<LinkedInCredentials | Failure> {
    try {
      return await openLinkedInCredentials(request.profile.credentials, {
        account_id: request.profile.account_id,
        profile_id: request.profile.id,
      });
    } catch (error) {
      // An AWS error (KMS throttled or down) is temporary; a ciphertext that does not open never will.
      if ((error as { $metadata?: unknown }).$metadata !== undefined)
        return failure('PLATFORM_UNAVAILABLE', 'The credentials could not be opened right now', true);
      return failure('PLATFORM_AUTH_EXPIRED', 'The stored LinkedIn credentials are unusable; reconnect the profile', false);
    }
  }

  return {
    platform: 'linkedin',
    comment: (request) => commentOnLinkedIn(request, options),
    async publish(request) {
      checkLinkedInApiVersionOnce();
      const credentials = await credentialsOf(request);
      if ('ok' in credentials) return credentials;
      // Not after "now" (or unreadable) counts as expired: calling LinkedIn would only earn a 401.
      if (!(Date.parse(credentials.expires_at) > clock.now().getTime())) {
        return failure(
          'PLATFORM_AUTH_EXPIRED',
          `The LinkedIn access token expired at ${credentials.expires_at}; reconnect the profile`,
          false,
        );
      }
      const author = linkedInAuthorUrn(request.profile);
      if (!author) return failure('PROFILE_DISCONNECTED', NO_PAGE_PICKED, false);
      const imageContext = {
        ...options,
        uploadHosts: options.uploadHosts ?? config.linkedin.uploadHosts,
        accessToken: credentials.access_token,
        owner: author,
      };
      let content: Record<string, unknown> | undefined;
      // docs/api.md, "Platform options": a document or a poll is the post's content (no images, video or card then).
      const document = request.options?.document;
      const poll = request.options?.linkedin?.poll;
      if (document) {
        const uploaded = await uploadPostDocument(document, imageContext);
        if (typeof uploaded !== 'string') return uploaded;
        content = documentContent(uploaded, document.title);
      } else if (poll) {
        content = { ...pollContent(poll) };
      } else if (request.video) {
        const uploaded = await uploadPostVideo(request.video, imageContext);
        if (typeof uploaded !== 'string') return uploaded;
        content = { media: { id: uploaded, ...(request.video.altText ? { altText: request.video.altText } : {}) } };
      } else if (request.images?.length) {
        const uploaded = await uploadImages(request.images, imageContext);
        if ('ok' in uploaded) return uploaded;
        content = uploaded.length === 1 ? { media: uploaded[0] } : { multiImage: { images: uploaded } };
      } else if (request.linkCard) {
        content = { article: await articleFor(request.linkCard, { ...imageContext, postId: request.postId }) };
      }
      const body = {
        author,
        commentary: renderLinkedInCommentary(request.content).commentary,
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...(content ? { content } : {}),
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      };
      try {
        const response = await linkedinRequest(postsUrl, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${credentials.access_token}`,
            'linkedin-version': options.apiVersion,
            'x-restli-protocol-version': '2.0.0',
            'content-type': 'application/json',
          },
          body: JSON.stringify(body),
          timeoutMs: options.timeoutMs,
        });
        return classifyResponse(response, clock.now());
      } catch (error) {
        if (!(error instanceof LinkedInNetworkError)) throw error;
        if (!error.sent) return failure('PLATFORM_UNAVAILABLE', `LinkedIn could not be reached (${error.message})`, true);
        return failure(
          'PLATFORM_OUTCOME_UNKNOWN',
          `${error.timedOut ? 'LinkedIn did not answer in time' : 'The connection to LinkedIn broke'} after the post was sent; it may have been published, so it is not retried`,
          false,
        );
      }
    },
  };
}

/**
 * The post's images through the Images API, in order, each with its alt text; or the failure
 * that stops the post (LinkedIn's answer classified as a post's would be; an upload is not a
 * post, so a broken connection is simply retryable).
 */
async function uploadImages(
  images: PublishImage[],
  context: ImageUploadContext,
): Promise<Array<{ id: string; altText: string }> | Failure> {
  const uploaded = [];
  for (const image of images) {
    try {
      uploaded.push({ id: await uploadImage(image.bytes, image.contentType, context), altText: image.altText });
    } catch (error) {
      if (error instanceof UploadUrlRefused) return failure('PLATFORM_REJECTED', error.message, false);
      if (error instanceof ImageUploadFailed && error.response && error.response.status >= 300)
        return classifyResponse(error.response, clock.now()) as Failure;
      if (error instanceof LinkedInNetworkError || error instanceof ImageUploadFailed)
        return failure('PLATFORM_UNAVAILABLE', `A LinkedIn image upload failed (${error.message})`, true);
      throw error;
    }
  }
  return uploaded;
}

/** The post's video through the Videos API (./videos.ts), or the failure that stops the post, as for images. */
async function uploadPostVideo(video: PublishVideo, context: ImageUploadContext): Promise<string | Failure> {
  try {
    return await uploadVideo(video, context);
  } catch (error) {
    if (error instanceof UploadUrlRefused) return failure('PLATFORM_REJECTED', error.message, false);
    if (error instanceof VideoUploadFailed && error.response && error.response.status >= 300)
      return classifyResponse(error.response, clock.now()) as Failure;
    if (error instanceof LinkedInNetworkError || error instanceof VideoUploadFailed)
      return failure('PLATFORM_UNAVAILABLE', `A LinkedIn video upload failed (${error.message})`, true);
    throw error;
  }
}

/** The post's PDF through the Documents API (./documents.ts), or the failure that stops the post, as for images. */
async function uploadPostDocument(document: PublishDocument, context: ImageUploadContext): Promise<string | Failure> {
  try {
    return await uploadDocument(document, context);
  } catch (error) {
    if (error instanceof UploadUrlRefused) return failure('PLATFORM_REJECTED', error.message, false);
    if (error instanceof DocumentUploadFailed && error.response && error.response.status >= 300)
      return classifyResponse(error.response, clock.now()) as Failure;
    if (error instanceof LinkedInNetworkError || error instanceof DocumentUploadFailed)
      return failure('PLATFORM_UNAVAILABLE', `The LinkedIn document upload failed (${error.message})`, true);
    // The PDF could not be read from storage: nothing was posted, and a later attempt may read it.
    return failure('PLATFORM_UNAVAILABLE', 'The document could not be read from storage', true);
  }
}

/** The adapter the publisher uses, configured from the environment. */
export const linkedinPublisher: PlatformPublisher = createLinkedInPublisher(config.linkedin);
