import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { config } from '#shared/config';

/**
 * The structured JSON logger (Powertools). Never give it a key value, password, token or
 * request body: log ids, codes and timings only.
 *
 * Each request and each publisher run logs through its own child logger, held in
 * AsyncLocalStorage: in Lambda one container serves one event at a time, but locally one
 * process serves many at once, and keys appended for one (request id, post id) must not
 * land on another's lines.
 */
const baseLogger = new Logger({ serviceName: 'social-posting', logLevel: config.logLevel as 'INFO' });
const scopes = new AsyncLocalStorage<Logger>();

/** The logger of the current request or run (or the base logger outside one). */
export const logger: Logger = new Proxy(baseLogger, {
  get(target, property) {
    const current = scopes.getStore() ?? target;
    const value = Reflect.get(current, property, current) as unknown;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
  },
});

/** Runs `work` with a fresh child logger carrying `keys`; keys appended inside stay inside. */
export function withLogScope<T>(keys: Record<string, unknown>, work: () => Promise<T>): Promise<T> {
  const child = baseLogger.createChild();
  child.appendKeys(keys);
  return scopes.run(child, work);
}
