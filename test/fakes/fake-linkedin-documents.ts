import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { VideoHost } from './fake-linkedin-videos';

/**
 * The fake LinkedIn's Documents API (docs/api.md, "Platform options"), hooked into
 * fake-linkedin.ts, as LinkedIn documents it: `POST /rest/documents?action=initializeUpload` with
 * `{initializeUploadRequest: {owner}}` answers `{value: {uploadUrl, uploadUrlExpiresAt, document}}`;
 * the PDF is PUT to the upload URL (the member's token; PDF bytes only, else 400); a post then
 * names the document in `content.media` `{id, title}` (a title is required; the document must be
 * the author's and uploaded, else 422/403).
 */
export interface FakeDocument {
  urn: string;
  owner: string;
  uploadToken: string;
  uploadUrlExpiresAt: number;
  bytes?: Buffer;
}

const DOCUMENT_URN = /^urn:li:document:/;

export function fakeLinkedInDocuments(host: VideoHost, now: () => number) {
  const documents = new Map<string, FakeDocument>();
  let counter = 0;
  type Issued = { scopes: string[]; user: { sub: string } };

  function authorized(headers: IncomingHttpHeaders, response: ServerResponse, rest = true): Issued | undefined {
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) return void host.send(response, 401, issued);
    const problem = rest ? host.restHeadersProblem(headers) : undefined;
    if (problem) return void host.send(response, problem.status, problem.body);
    return issued as Issued;
  }

  function initialize(raw: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = authorized(headers, response);
    if (!issued) return;
    let owner: unknown;
    try {
      owner = (JSON.parse(raw) as { initializeUploadRequest?: { owner?: unknown } }).initializeUploadRequest?.owner;
    } catch {
      /* owner stays undefined */
    }
    if (typeof owner !== 'string') return host.send(response, 422, host.restError(422, 'Field /initializeUploadRequest/owner is required'));
    if (owner !== host.actingAs(owner, issued))
      return host.send(response, 403, host.restError(403, `Not enough permissions to upload as ${owner}`));
    counter += 1;
    const document: FakeDocument = {
      urn: `urn:li:document:D4E10AQ${String(counter).padStart(10, '0')}`,
      owner,
      uploadToken: randomBytes(12).toString('hex'),
      uploadUrlExpiresAt: now() + 60 * 60 * 1000,
    };
    documents.set(document.urn, document);
    host.send(response, 200, {
      value: {
        uploadUrlExpiresAt: document.uploadUrlExpiresAt,
        uploadUrl: `${host.baseUrl()}/doc-uploads/${encodeURIComponent(document.urn)}?token=${document.uploadToken}`,
        document: document.urn,
      },
    });
  }

  function upload(url: URL, bytes: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): void {
    const issued = authorized(headers, response, false);
    if (!issued) return;
    const document = documents.get(decodeURIComponent(url.pathname.slice('/doc-uploads/'.length)));
    if (!document || url.searchParams.get('token') !== document.uploadToken)
      return host.send(response, 403, host.restError(403, 'Invalid upload URL'));
    if (document.uploadUrlExpiresAt <= now()) return host.send(response, 403, host.restError(403, 'The upload URL has expired'));
    if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
      return host.send(response, 400, host.restError(400, 'Unsupported document format: PDF, PPT, PPTX, DOC and DOCX are supported'));
    document.bytes = bytes;
    host.send(response, 201);
  }

  return {
    /** Answers the Documents API's requests; false when the request is not one of them. */
    route(method: string | undefined, url: URL, bytes: Buffer, headers: IncomingHttpHeaders, response: ServerResponse): boolean {
      if (method === 'POST' && url.pathname === '/rest/documents') {
        if (url.searchParams.get('action') === 'initializeUpload') initialize(bytes.toString('utf8'), headers, response);
        else host.send(response, 400, host.restError(400, 'Unsupported action'));
        return true;
      }
      if (method === 'PUT' && url.pathname.startsWith('/doc-uploads/')) {
        upload(url, bytes, headers, response);
        return true;
      }
      return false;
    },
    isDocument: (id: unknown): boolean => typeof id === 'string' && DOCUMENT_URN.test(id),
    /** content.media naming a document: the author's, uploaded, with a title. */
    mediaProblem(media: { id?: unknown; title?: unknown }, author: string): { status: number; message: string } | undefined {
      const document = typeof media.id === 'string' ? documents.get(media.id) : undefined;
      if (!document) return { status: 422, message: 'Field /content/media/id is not a known document URN' };
      if (document.owner !== author) return { status: 403, message: 'Field /content/media/id: the document belongs to another owner' };
      if (!document.bytes) return { status: 422, message: `Field /content/media/id: the document ${document.urn} has not been uploaded` };
      if (typeof media.title !== 'string' || !media.title)
        return { status: 422, message: 'Field /content/media/title is required for a document' };
      return undefined;
    },
    controls: {
      /** Documents registered through the Documents API, by URN. */
      documents: (): Map<string, FakeDocument> => new Map(documents),
    },
  };
}

const POLL_DURATIONS = ['ONE_DAY', 'THREE_DAYS', 'SEVEN_DAYS', 'FOURTEEN_DAYS'];

/** content.poll as the Posts API documents it: a question (at most 140), 2 to 4 options `{text}` (at most 30 each), settings.duration. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function pollProblem(poll: any): { status: number; message: string } | undefined {
  if (typeof poll?.question !== 'string' || !poll.question || poll.question.length > 140)
    return { status: 422, message: 'Field /content/poll/question must be a string of 1 to 140 characters' };
  const options: unknown = poll.options;
  if (!Array.isArray(options) || options.length < 2 || options.length > 4)
    return { status: 422, message: 'Field /content/poll/options must hold 2 to 4 options' };
  for (const [index, option] of options.entries()) {
    const text = (option as { text?: unknown })?.text;
    if (typeof text !== 'string' || !text || text.length > 30)
      return { status: 422, message: `Field /content/poll/options/${index}/text must be a string of 1 to 30 characters` };
  }
  if (!POLL_DURATIONS.includes(poll.settings?.duration))
    return { status: 422, message: `Field /content/poll/settings/duration must be one of ${POLL_DURATIONS.join(', ')}` };
  return undefined;
}
