import { config } from '#shared/config';
import { DomainError } from '#shared/domain/errors';
import type { HttpMiddleware } from './types';

/**
 * The MCP transport's Origin rule (docs/api.md, "MCP"; docs/decisions/0164-mcp-origin-rule.md): the
 * Streamable HTTP spec says servers MUST validate Origin, against DNS rebinding (a page on another
 * site whose name now points at this server). An Origin header that is present and not one of the
 * allowed origins is 403 FORBIDDEN, before authentication, so it costs the key nothing; a request
 * without one (every non-browser client) goes on. Compared as `URL.origin` writes an origin.
 */
export function originCheck(): HttpMiddleware {
  const allowed = new Set(config.mcpAllowedOrigins);
  return {
    before: (request) => {
      const origin = request.event.headers?.origin;
      if (origin === undefined) return;
      if (!allowed.has(normalizedOrigin(origin))) {
        throw new DomainError('FORBIDDEN', undefined, { message: 'This Origin may not call the MCP endpoint' });
      }
    },
  };
}

/** `URL.origin` of a header value (`null`, garbage and non-http schemes stay as they are and match nothing allowed). */
function normalizedOrigin(value: string): string {
  try {
    const parsed = new URL(value.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : value;
  } catch {
    return value;
  }
}
