import type { Platform } from '#shared/domain/platforms';
import type { PlatformPublisher } from './publisher';

/**
 * Which adapter publishes to which platform. Loaded lazily so a function that never
 * publishes never loads a platform client; tests may substitute an adapter.
 */
const overrides = new Map<Platform, PlatformPublisher>();

export function usePlatformPublisher(platform: Platform, publisher: PlatformPublisher | undefined): void {
  if (publisher) overrides.set(platform, publisher);
  else overrides.delete(platform);
}

export async function platformPublisher(platform: Platform): Promise<PlatformPublisher> {
  const override = overrides.get(platform);
  if (override) return override;
  if (platform === 'bluesky') return (await import('./bluesky/publisher')).blueskyPublisher;
  return (await import('./linkedin/publisher')).linkedinPublisher;
}
