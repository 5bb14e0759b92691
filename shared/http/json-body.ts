import { DomainError } from '#shared/domain/errors';
import type { HttpMiddleware } from './types';

export const MAX_BODY_BYTES = 64 * 1024;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const isJsonContentType = (value: string | undefined): boolean => {
  const mediaType = value?.split(';')[0].trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.startsWith('application/') === true && mediaType.endsWith('+json'));
};

/**
 * Reads the JSON body: 413 over 64 KiB, 415 without a JSON content type, INVALID_JSON when
 * malformed or not an object. An empty body is `{}` where the endpoint has no required field
 * (`allowEmpty`), INVALID_JSON elsewhere.
 */
export function jsonBody(options: { allowEmpty: boolean }): HttpMiddleware {
  return {
    before: (request) => {
      const { event } = request;
      const bytes =
        event.body === undefined || event.body === null
          ? Buffer.alloc(0)
          : Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
      if (bytes.length > MAX_BODY_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', { max_bytes: MAX_BODY_BYTES });
      if (bytes.length === 0) {
        if (!options.allowEmpty) throw new DomainError('INVALID_JSON');
        request.context.state.body = {};
        return;
      }
      if (!isJsonContentType(event.headers?.['content-type'])) throw new DomainError('UNSUPPORTED_MEDIA_TYPE');
      let parsed: unknown;
      try {
        // Bytes that are not UTF-8 are refused, never silently replaced.
        parsed = JSON.parse(utf8.decode(bytes));
      } catch {
        throw new DomainError('INVALID_JSON');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new DomainError('INVALID_JSON');
      request.context.state.body = parsed;
    },
  };
}
