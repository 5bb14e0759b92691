import type { Platform } from '#shared/domain/platforms';
import { clock } from '#shared/ports/clock';
import type { PlatformPublisher, PublishOutcome, PublishRequest } from '#shared/platforms/publisher';

/** A platform adapter that publishes nothing: it records when it was called, in the clock's frame, and succeeds. */
export class TimingPublisher implements PlatformPublisher {
  readonly calls: { postId: string; calledAtMs: number; dueAtMs: number }[] = [];

  constructor(readonly platform: Platform) {}

  async publish(request: PublishRequest): Promise<PublishOutcome> {
    this.calls.push({ postId: request.postId, calledAtMs: clock.now().getTime(), dueAtMs: request.postTime.getTime() });
    return { ok: true, url: `https://${this.platform}.example/${request.postId}`, platformPostId: `${this.platform}:${request.postId}` };
  }
}
