import type { Platform } from '#shared/domain/platforms';
import type { PlatformPublisher, PublishOutcome, PublishRequest } from '#shared/platforms/publisher';

/** A scripted platform adapter: records every call and answers from a queue (then succeeds). */
export class ScriptedPublisher implements PlatformPublisher {
  readonly calls: PublishRequest[] = [];
  private readonly script: (PublishOutcome | 'hang')[] = [];
  private delayMs = 0;

  constructor(readonly platform: Platform) {}

  /** Queues outcomes for the next calls. */
  answer(...outcomes: (PublishOutcome | 'hang')[]): this {
    this.script.push(...outcomes);
    return this;
  }

  slow(ms: number): this {
    this.delayMs = ms;
    return this;
  }

  callsFor(postId: string): number {
    return this.calls.filter((call) => call.postId === postId).length;
  }

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    this.calls.push(request);
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    const next = this.script.shift();
    if (next === 'hang') return new Promise(() => undefined);
    return (
      next ?? { ok: true, url: `https://${this.platform}.example/${request.postId}`, platformPostId: `${this.platform}:${request.postId}` }
    );
  }
}

export const unavailable = (): PublishOutcome => ({ ok: false, code: 'PLATFORM_UNAVAILABLE', message: 'HTTP 503', retryable: true });
export const rejected = (): PublishOutcome => ({ ok: false, code: 'PLATFORM_REJECTED', message: 'Content refused', retryable: false });
export const authExpired = (): PublishOutcome => ({ ok: false, code: 'PLATFORM_AUTH_EXPIRED', message: 'Token revoked', retryable: false });
