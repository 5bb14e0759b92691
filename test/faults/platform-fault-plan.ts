/**
 * The fault plan both platform transports share (the HTTP proxy in front of the fake LinkedIn,
 * the fetch wrapper in front of the PDS): which requests get a fault, which kind, what the
 * injected answers look like, and what was done. Test-only: nothing under functions/, shared/,
 * lib/ or local/ may import it.
 */
export type PlatformFaultKind =
  | 'server-error' // 500/502/503 answered by the injector, request NOT forwarded
  | 'rate-limited' // 429 with `retry-after: 1` or (Bluesky style) `ratelimit-reset: <epoch s now+1>`, NOT forwarded
  | 'connection-reset' // socket destroyed before anything is forwarded
  | 'hang' // never answers, nothing forwarded (client's own timeout ends it)
  | 'reset-after-forward' // forwarded, the platform did the work, then the client's socket is destroyed
  | 'hang-after-forward'; // forwarded, the platform's answer is withheld forever

export const PLATFORM_FAULT_KINDS: readonly PlatformFaultKind[] = [
  'server-error',
  'rate-limited',
  'connection-reset',
  'hang',
  'reset-after-forward',
  'hang-after-forward',
];

export interface PlatformFaultOptions {
  /** 0..1 share of matching requests that get a fault. */
  rate: number;
  /** Default: all six, picked uniformly. */
  kinds?: PlatformFaultKind[];
  /**
   * Seeded in tests. Each matching request takes one draw (faulted when below `rate`); a faulted
   * one takes a second draw for its kind (`kinds[floor(draw * kinds.length)]`).
   */
  random?: () => number;
  /** Which requests may be faulted (default all); called once per request with the path without its query. */
  match?: (method: string, path: string) => boolean;
}

export interface PlatformFaultCounts {
  /** Requests that `match` accepted, faulted or not. */
  requests: number;
  injected: Record<PlatformFaultKind, number>;
}

/** One matching request, as the injector saw it. */
export interface PlatformFaultEvent {
  /** Epoch ms when the request reached the injector. */
  at: number;
  method: string;
  path: string;
  kind?: PlatformFaultKind;
  /** rate-limited only: the epoch ms before which the answer asked not to come back. */
  retryNotBefore?: number;
}

export interface PlatformFaults {
  counts(): PlatformFaultCounts;
  setRate(rate: number): void;
  /** Every matching request so far, in arrival order (for measuring what a client waited). */
  events(): PlatformFaultEvent[];
}

/** An answer the injector gives itself (server-error, rate-limited), never forwarded. */
export interface InjectedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** LinkedIn answers 429 with Retry-After; a PDS with the `ratelimit-*` headers (reset in epoch seconds). */
export type AnswerStyle = 'linkedin' | 'xrpc';

export interface FaultPlan extends PlatformFaults {
  /** The fault for this request (undefined: forward it untouched), counted and logged when it matches. */
  decide(
    method: string,
    path: string,
  ): { kind?: undefined; event?: PlatformFaultEvent } | { kind: PlatformFaultKind; event: PlatformFaultEvent };
  /** The injector's own answer for `server-error` / `rate-limited`, in the platform's dialect. */
  answer(kind: 'server-error' | 'rate-limited', style: AnswerStyle, event: PlatformFaultEvent): InjectedAnswer;
}

const checkedRate = (rate: number): number => {
  if (!(rate >= 0 && rate <= 1)) throw new RangeError(`fault rate must be within 0..1, got ${rate}`);
  return rate;
};

/** The three 5xx a platform's gateway gives, in turn, so a run meets each without spending draws. */
const SERVER_ERRORS = [500, 502, 503] as const;

export function createFaultPlan(options: PlatformFaultOptions): FaultPlan {
  let rate = checkedRate(options.rate);
  const kinds = options.kinds?.length ? [...options.kinds] : [...PLATFORM_FAULT_KINDS];
  const random = options.random ?? Math.random;
  const match = options.match ?? (() => true);
  const injected = Object.fromEntries(PLATFORM_FAULT_KINDS.map((kind) => [kind, 0])) as Record<PlatformFaultKind, number>;
  const events: PlatformFaultEvent[] = [];
  let serverErrors = 0;

  return {
    counts: () => ({ requests: events.length, injected: { ...injected } }),
    setRate: (next) => void (rate = checkedRate(next)),
    events: () => events.map((event) => ({ ...event })),
    decide(method, path) {
      if (!match(method, path)) return {};
      const event: PlatformFaultEvent = { at: Date.now(), method, path };
      events.push(event);
      if (!(random() < rate)) return { event };
      const kind = kinds[Math.min(kinds.length - 1, Math.floor(random() * kinds.length))];
      injected[kind] += 1;
      event.kind = kind;
      return { kind, event };
    },
    answer(kind, style, event): InjectedAnswer {
      if (kind === 'server-error') {
        const status = SERVER_ERRORS[serverErrors++ % SERVER_ERRORS.length];
        const body =
          style === 'linkedin'
            ? { status, message: 'Internal Server Error (injected)' }
            : { error: 'InternalServerError', message: 'Internal Server Error (injected)' };
        return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
      }
      if (style === 'linkedin') {
        event.retryNotBefore = event.at + 1000;
        return {
          status: 429,
          headers: { 'content-type': 'application/json', 'retry-after': '1' },
          body: JSON.stringify({ status: 429, message: 'Resource level throttle limit reached (injected)' }),
        };
      }
      // Epoch seconds rounded up, plus one: whatever the sub-second, the client is asked to wait at least 1 s.
      const reset = Math.ceil(event.at / 1000) + 1;
      event.retryNotBefore = reset * 1000;
      return {
        status: 429,
        headers: {
          'content-type': 'application/json',
          'ratelimit-limit': '30',
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(reset),
          'ratelimit-policy': '30;w=300',
        },
        body: JSON.stringify({ error: 'RateLimitExceeded', message: 'Rate Limit Exceeded (injected)' }),
      };
    },
  };
}

/**
 * A `random` (for any rate in 0 < rate <= 0.99, and the plan's `kinds`) that faults the first
 * matching requests with exactly `sequence`, in order, and no request after: deterministic fault
 * sequences, however the requests interleave with unmatched ones. With `repeat`, the sequence
 * starts over for ever: every matching request is faulted, as with rate 1.
 */
export function faultSequence(
  sequence: PlatformFaultKind[],
  options: { repeat?: boolean; kinds?: readonly PlatformFaultKind[] } = {},
): () => number {
  const kinds = options.kinds ?? PLATFORM_FAULT_KINDS;
  const draws = sequence.flatMap((kind) => {
    const index = kinds.indexOf(kind);
    if (index < 0) throw new Error(`${kind} is not among the plan's kinds`);
    return [0, (index + 0.5) / kinds.length];
  });
  let next = 0;
  return () => {
    if (next >= draws.length && options.repeat && draws.length) next = 0;
    return next < draws.length ? draws[next++] : 0.99;
  };
}
