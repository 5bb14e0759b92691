import { ServiceError } from './errors';
import type { HttpMiddleware } from './types';

export const MAX_BODY_BYTES = 64 * 1024;

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
      const raw = event.body === undefined || event.body === null ? '' : event.isBase64Encoded
        ? Buffer.from(event.body, 'base64').toString('utf8')
        : event.body;
      const bytes = Buffer.byteLength(raw, 'utf8');
      if (bytes > MAX_BODY_BYTES) throw new ServiceError('PAYLOAD_TOO_LARGE', { max_bytes: MAX_BODY_BYTES });
      if (bytes === 0) {
        if (!options.allowEmpty) throw new ServiceError('INVALID_JSON');
        request.context.state.body = {};
        return;
      }
      if (!isJsonContentType(event.headers?.['content-type'])) throw new ServiceError('UNSUPPORTED_MEDIA_TYPE');
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        throw new ServiceError('INVALID_JSON');
      }
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ServiceError('INVALID_JSON');
      request.context.state.body = parsed;
    },
  };
}
