import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { provideBlueskyOAuthPersistence } from '#shared/platforms/bluesky/oauth-persistence';
import { wirePorts, type PortProviders } from '#shared/ports/registry';

/**
 * The composition root of local runs (`npm start`, the admin command, the tests): images in a
 * folder and secrets sealed with a key file, both under DATA_DIR. The scheduler, the publish
 * queue and the webhook queue are the in-process stand-ins that local/local-stack.ts starts and
 * passes in here (or a test's recording ones). Settings are read when a port is first used, not
 * when this module loads, so the launcher may still be setting them.
 */
export function wireLocalPorts(parts: Partial<PortProviders> = {}): void {
  wirePorts({
    objectStorage: async () => {
      const { config } = await import('#shared/config');
      const { LocalObjectStorage } = await import('./adapters/folder-object-storage');
      return new LocalObjectStorage(join(config.dataDir ?? join(tmpdir(), 'social-posting'), 'media'));
    },
    secretBox: async () => {
      const { config } = await import('#shared/config');
      const { LocalSecretBox } = await import('./adapters/file-key-secret-box');
      return new LocalSecretBox(config.dataDir ?? '.data');
    },
    ...parts,
  });
  // The table behind the Bluesky OAuth client, as in AWS (docs/decisions/0292-bluesky-oauth-sessions-in-the-table-under-a-lock.md).
  provideBlueskyOAuthPersistence(async () => (await import('#shared/store/bluesky-oauth-persistence')).blueskyOAuthTablePersistence);
}
