import { useFetchInterceptor, type FetchFunction, type FetchInterceptor } from '#shared/http-client/fetch-function';
import { createFaultPlan, type PlatformFaultOptions, type PlatformFaults } from './platform-fault-plan';

/**
 * Injects the plan's faults into the Bluesky agent's fetch for requests to one origin (the PDS).
 * The agent follows the DID document's PDS endpoint, so a proxy URL would only see the login; its
 * fetch is the SSRF-safe client's (shared/http-client/fetch-function.ts), whose interceptor sees
 * every call, after the address checks' caller and before the exchange. A hang ends when the
 * request's AbortSignal fires (the interceptor's requests carry their deadline) or at uninstall();
 * wrappers nest, and are uninstalled in reverse order.
 */
export interface FetchFaults extends PlatformFaults {
  uninstall(): void;
}

/** What undici throws when the peer resets the connection. */
const connectionReset = (): TypeError =>
  new TypeError('fetch failed', {
    cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' }),
  });

function describeRequest(input: string | URL | Request, init: RequestInit | undefined) {
  const request = typeof input === 'string' || 'href' in input ? undefined : input;
  const url = new URL(typeof input === 'string' ? input : 'href' in input ? input.href : input.url);
  const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
  return { url, method, signal: init?.signal ?? request?.signal ?? undefined };
}

export function installFetchFaults(origin: string, options: PlatformFaultOptions): FetchFaults {
  const plan = createFaultPlan(options);
  const target = new URL(origin).origin;
  const held = new Set<(reason: unknown) => void>();

  /** Never settles on its own: rejects like fetch when the signal aborts, or at uninstall. */
  const withheld = (signal: AbortSignal | undefined): Promise<never> =>
    new Promise<never>((_, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const release = (reason: unknown) => {
        held.delete(release);
        signal?.removeEventListener('abort', onAbort);
        reject(reason);
      };
      const onAbort = () => release(signal?.reason);
      held.add(release);
      signal?.addEventListener('abort', onAbort, { once: true });
    });

  /** Forwards the call and reads the whole answer: the platform has done the work. */
  const forwarded = async (previous: FetchFunction, input: string | URL | Request, init: RequestInit | undefined): Promise<void> => {
    await (await previous(input, init)).arrayBuffer();
  };

  const faulty =
    (previous: FetchFunction): FetchFunction =>
    async (input, init) => {
      const { url, method, signal } = describeRequest(input, init);
      if (url.origin !== target) return previous(input, init);
      const { kind, event } = plan.decide(method, url.pathname);
      if (kind === 'server-error' || kind === 'rate-limited') {
        const answer = plan.answer(kind, 'xrpc', event);
        return new Response(answer.body, { status: answer.status, headers: answer.headers });
      }
      if (kind === 'connection-reset') throw connectionReset();
      if (kind === 'hang') return withheld(signal);
      if (kind === 'reset-after-forward') {
        await forwarded(previous, input, init);
        throw connectionReset();
      }
      if (kind === 'hang-after-forward') {
        await forwarded(previous, input, init);
        return withheld(signal);
      }
      return previous(input, init);
    };
  const outer = useFetchInterceptor();
  const wrapper: FetchInterceptor = (next) => faulty(outer ? outer(next) : next);
  useFetchInterceptor(wrapper);

  return {
    counts: plan.counts,
    setRate: plan.setRate,
    events: plan.events,
    uninstall: () => {
      if (useFetchInterceptor(outer) !== wrapper) throw new Error('fetch faults must be uninstalled in reverse order of installation');
      for (const release of held) release(new Error('fetch faults uninstalled'));
    },
  };
}
