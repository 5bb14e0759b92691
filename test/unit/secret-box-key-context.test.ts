import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalSecretBox } from '#local/adapters/file-key-secret-box';

/**
 * An API key's value sealed into its creation's idempotency record (docs/decisions/0032-secrets-shown-once-replayable.md) is bound to the account and the key: it opens for them only,
 * never as a webhook's or a profile's secret with the same id.
 */
describe('the secret box with an API key context', () => {
  let dataDir: string;
  const context = { account_id: 'account-1', api_key_id: 'id-1' };
  const value = `sk_${'A'.repeat(43)}`;

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-box-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seals and opens the value for the same account and key', async () => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(value, context);
    expect(sealed).not.toContain(value.slice(3));
    expect(await box.open(sealed, context)).toBe(value);
  });

  it.each([
    ['another key', { account_id: 'account-1', api_key_id: 'id-2' }],
    ['another account', { account_id: 'account-2', api_key_id: 'id-1' }],
    ['a webhook with the same id', { account_id: 'account-1', webhook_id: 'id-1' }],
    ['a profile with the same id', { account_id: 'account-1', profile_id: 'id-1' }],
  ])('refuses to open it as %s', async (_, other) => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(value, context);
    await expect(box.open(sealed, other)).rejects.toThrow();
  });
});
