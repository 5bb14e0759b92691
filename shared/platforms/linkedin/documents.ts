import type { PublishDocument } from '#shared/platforms/publisher';
import { linkedinRequest, type LinkedInResponse } from './http';
import type { ImageUploadContext } from './images';
import { assertUploadUrls } from './upload-hosts';

/**
 * LinkedIn's Documents API (docs/api.md, "Platform options"): `initializeUpload` registers a
 * document for the author and returns an upload URL, then the PDF is PUT there; the post names
 * the document URN in `content.media` with its title. As with images, nothing here publishes, so
 * every step may be retried freely (an unused document is never shown).
 */
export class DocumentUploadFailed extends Error {
  constructor(
    readonly step: 'initialize' | 'upload',
    readonly response?: LinkedInResponse,
  ) {
    super(`LinkedIn document ${step} failed${response ? ` (${response.status})` : ''}`);
    this.name = 'DocumentUploadFailed';
  }
}

/** Uploads the PDF; returns its URN (`urn:li:document:…`). An upload URL off LinkedIn's hosts throws UploadUrlRefused. */
export async function uploadDocument(document: PublishDocument, context: ImageUploadContext): Promise<string> {
  const headers = {
    authorization: `Bearer ${context.accessToken}`,
    'linkedin-version': context.apiVersion,
    'x-restli-protocol-version': '2.0.0',
  };
  const initialized = await linkedinRequest(`${context.apiBaseUrl}/rest/documents?action=initializeUpload`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ initializeUploadRequest: { owner: context.owner } }),
    timeoutMs: context.timeoutMs,
  });
  let value: { uploadUrl?: unknown; document?: unknown } | undefined;
  try {
    value = (JSON.parse(initialized.body) as { value?: typeof value }).value;
  } catch {
    /* value stays undefined */
  }
  if (initialized.status !== 200 || typeof value?.uploadUrl !== 'string' || typeof value.document !== 'string') {
    throw new DocumentUploadFailed('initialize', initialized);
  }
  assertUploadUrls([value.uploadUrl], context.uploadHosts);
  const uploaded = await linkedinRequest(value.uploadUrl, {
    method: 'PUT',
    headers: { authorization: headers.authorization, 'content-type': 'application/octet-stream' },
    body: await document.read(),
    timeoutMs: context.timeoutMs,
  });
  if (uploaded.status < 200 || uploaded.status > 299) throw new DocumentUploadFailed('upload', uploaded);
  return value.document;
}

/** The post's `content` for an uploaded document: the URN and its title in `content.media`. */
export const documentContent = (urn: string, title: string) => ({ media: { id: urn, title } });
