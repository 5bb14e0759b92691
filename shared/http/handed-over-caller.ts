import type { Context } from 'aws-lambda';
import type { KeyScope } from '#shared/domain/key-scopes';

/** Who an authenticated request is: what API-key authentication learns from the key. */
export interface AuthenticatedCaller {
  accountId: string;
  apiKeyId: string;
  apiKeyName?: string;
  scope: KeyScope;
  /** An OAuth connection's token authenticated it (docs/api.md, "Connecting an agent with OAuth"). */
  connection?: { connectionId: string; clientName: string };
}

/**
 * Callers handed to an operation run in this process on behalf of a request authenticated already
 * (an MCP tool call, docs/decisions/0163-mcp-counts-once.md). Keyed by the Lambda context object
 * the caller builds for that run: nothing a client sends (header, body, path) can reach this map,
 * and a context of an HTTP request (from Lambda or the local server) is never in it.
 */
const handedOver = new WeakMap<Context, AuthenticatedCaller>();

/** The context given, now carrying its caller: the operation's authentication takes it instead of a key. */
export function withHandedOverCaller(context: Context, caller: AuthenticatedCaller): Context {
  handedOver.set(context, { ...caller });
  return context;
}

/** The caller handed over with this context, if any. */
export function handedOverCaller(context: Context): AuthenticatedCaller | undefined {
  return handedOver.get(context);
}
