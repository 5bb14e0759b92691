import { linkedinRequest, type LinkedInResponse } from './http';
import { assertUploadUrls } from './upload-hosts';

/**
 * LinkedIn's Images API: `initializeUpload` registers an image for the member and returns an
 * upload URL, then the bytes are PUT there. The image URN can then be referenced by a post
 * (content.media, content.multiImage, content.article's thumbnail). Nothing here publishes
 * anything, so every step may be retried freely.
 */
export interface ImageUploadContext {
  apiBaseUrl: string;
  apiVersion: string;
  timeoutMs: number;
  accessToken: string;
  /** The author URN (member or page, ./author.ts): the image's owner, as the post's author. */
  owner: string;
  /** Where LinkedIn's upload URLs may point (config.linkedin.uploadHosts; ./upload-hosts.ts). */
  uploadHosts: readonly string[];
}

/** LinkedIn refused a step (its answer kept for classification), or the answer made no sense. */
export class ImageUploadFailed extends Error {
  constructor(
    readonly step: 'initialize' | 'upload',
    readonly response?: LinkedInResponse,
  ) {
    super(`LinkedIn image ${step} failed${response ? ` (${response.status})` : ''}`);
    this.name = 'ImageUploadFailed';
  }
}

/**
 * Uploads one image; returns its URN (`urn:li:image:…`). Network errors are thrown as they come;
 * an upload URL off LinkedIn's hosts throws UploadUrlRefused, the token never sent there.
 */
export async function uploadImage(bytes: Buffer, contentType: string, context: ImageUploadContext): Promise<string> {
  const headers = {
    authorization: `Bearer ${context.accessToken}`,
    'linkedin-version': context.apiVersion,
    'x-restli-protocol-version': '2.0.0',
  };
  const initialized = await linkedinRequest(`${context.apiBaseUrl}/rest/images?action=initializeUpload`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ initializeUploadRequest: { owner: context.owner } }),
    timeoutMs: context.timeoutMs,
  });
  let value: { uploadUrl?: unknown; image?: unknown } | undefined;
  try {
    value = (JSON.parse(initialized.body) as { value?: typeof value }).value;
  } catch {
    /* value stays undefined */
  }
  if (initialized.status !== 200 || typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') {
    throw new ImageUploadFailed('initialize', initialized);
  }
  assertUploadUrls([value.uploadUrl], context.uploadHosts);
  const uploaded = await linkedinRequest(value.uploadUrl, {
    method: 'PUT',
    headers: { authorization: headers.authorization, 'content-type': contentType },
    body: bytes,
    timeoutMs: context.timeoutMs,
  });
  if (uploaded.status < 200 || uploaded.status > 299) throw new ImageUploadFailed('upload', uploaded);
  return value.image;
}
