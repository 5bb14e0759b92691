import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '#shared/config';

/**
 * The structured JSON logger (Powertools). Never give it a key value, password, token or
 * request body: log ids, codes and timings only.
 *
 * Keys appended during a request or a publisher run (request id, account, post id) belong to
 * that invocation only: they are kept in AsyncLocalStorage and added to each line it writes.
 * In Lambda one container serves one event at a time, but locally one process serves many at
 * once, and one invocation's keys must not land on another's lines. (A plain object per
 * invocation: a Powertools child logger per request costs ~70 µs.)
 */
const baseLogger = new Logger({
  serviceName: 'social-posting',
  logLevel: config.logLevel as 'INFO',
  // The route functions share one log group (docs/decisions/0330-one-log-group-for-the-route-functions.md): each line names its function.
  ...(config.functionName ? { persistentKeys: { function_name: config.functionName } } : {}),
});
const scopes = new AsyncLocalStorage<Record<string, unknown>>();

type Extra = Record<string, unknown>;
const withScope = (extra: Extra[]): Extra[] => {
  const keys = scopes.getStore();
  return keys ? [keys, ...extra] : extra;
};

export const logger = {
  debug: (message: string, ...extra: Extra[]) => baseLogger.debug(message, ...withScope(extra)),
  info: (message: string, ...extra: Extra[]) => baseLogger.info(message, ...withScope(extra)),
  warn: (message: string, ...extra: Extra[]) => baseLogger.warn(message, ...withScope(extra)),
  error: (message: string, ...extra: Extra[]) => baseLogger.error(message, ...withScope(extra)),
  /** Adds keys to every further line of the current invocation. */
  appendKeys: (keys: Extra): void => {
    const scope = scopes.getStore();
    if (scope) Object.assign(scope, keys);
    else baseLogger.appendKeys(keys);
  },
};

/** Runs `work` in its own log scope carrying `keys`; keys appended inside stay inside. */
export function withLogScope<T>(keys: Extra, work: () => Promise<T>): Promise<T> {
  return scopes.run({ ...keys }, work);
}
