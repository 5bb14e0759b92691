/**
 * Retries as a fetch wrapper (openapi-fetch hands every request to it), so each attempt sends the
 * same request again, headers and idempotency-key included. What is retried (docs/api.md,
 * "Typed client"):
 * - 429 when the service says how long to wait (`retry-after` header or `retry_after` in the body:
 *   the API rate limit). A 429 without one (MONTHLY_LIMIT_EXCEEDED, the LinkedIn spacing's
 *   RATE_LIMIT_EXCEEDED with `next_available`) is an answer, not a hiccup: returned at once.
 * - 5xx and network failures, only when repeating cannot post twice: GET, HEAD, OPTIONS, PUT and
 *   DELETE, or a request carrying an `idempotency-key` (the service replays the first answer).
 *   A POST or PATCH without a key is never sent twice.
 * - 409 IDEMPOTENCY_KEY_IN_PROGRESS (only ever answered to a keyed request): the first is still running.
 * The wait is the advertised one, else an exponential backoff; attempts are bounded, and a wait
 * longer than `maxDelayMs` is not taken (the error is returned instead).
 */
export interface RetryOptions {
  /** Attempts in all, the first included (default 3); 1 turns retries off. */
  maxAttempts?: number;
  /** The first backoff when no delay is advertised (default 500 ms), doubled at each retry. */
  baseDelayMs?: number;
  /** The longest wait the client takes (default 60 000 ms, the API's rate-limit window). */
  maxDelayMs?: number;
  /** How to wait (default: a timer, ended early by the request's abort signal); tests inject one that records. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** The time in milliseconds, for a `retry-after` given as an HTTP date (default Date.now). */
  now?: () => number;
}

type Fetch = (request: Request) => Promise<Response>;

const REPEATABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

export function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A fetch that retries as described above. */
export function retryingFetch(fetchOnce: Fetch, options: RetryOptions = {}): Fetch {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const baseDelayMs = options.baseDelayMs ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 60_000;
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;

  return async (request: Request): Promise<Response> => {
    const repeatable = REPEATABLE_METHODS.has(request.method.toUpperCase()) || request.headers.has('idempotency-key');
    for (let attempt = 1; ; attempt += 1) {
      const last = attempt >= maxAttempts;
      const backoff = baseDelayMs * 2 ** (attempt - 1);
      let response: Response;
      try {
        // A clone per attempt: a request body can be read once.
        response = await fetchOnce(last ? request : request.clone());
      } catch (error) {
        if (last || !repeatable || request.signal?.aborted || backoff > maxDelayMs) throw error;
        await sleep(backoff, request.signal ?? undefined);
        continue;
      }
      if (last) return response;
      const delay = await retryDelay(response, repeatable, backoff, now);
      if (delay === undefined || delay > maxDelayMs) return response;
      await response.body?.cancel().catch(() => undefined);
      await sleep(delay, request.signal ?? undefined);
    }
  };
}

/** How long to wait before repeating after `response`, or undefined when it must not be repeated. */
async function retryDelay(response: Response, repeatable: boolean, backoff: number, now: () => number): Promise<number | undefined> {
  const { status } = response;
  if (status === 429) return advertisedDelay(response, now);
  if (status >= 500 && repeatable) return (await advertisedDelay(response, now)) ?? backoff;
  if (status === 409 && repeatable && (await bodyOf(response))?.error === 'IDEMPOTENCY_KEY_IN_PROGRESS') return backoff;
  return undefined;
}

/** The wait the service asks for, in ms: the `retry-after` header (seconds or an HTTP date), else `retry_after` (seconds) in the body. */
async function advertisedDelay(response: Response, now: () => number): Promise<number | undefined> {
  const header = response.headers.get('retry-after')?.trim();
  if (header) {
    if (/^\d+$/.test(header)) return Number(header) * 1000;
    const at = Date.parse(header);
    if (!Number.isNaN(at)) return Math.max(0, at - now());
  }
  const retryAfter = (await bodyOf(response))?.retry_after;
  return typeof retryAfter === 'number' && Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined;
}

/** The JSON body of a response, read from a clone (the caller may still read the response), or undefined. */
async function bodyOf(response: Response): Promise<Record<string, unknown> | undefined> {
  if (!/json/i.test(response.headers.get('content-type') ?? '')) return undefined;
  try {
    const parsed: unknown = await response.clone().json();
    return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
