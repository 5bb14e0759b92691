import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalSecretBox } from '#local/adapters/file-key-secret-box';

describe('LocalSecretBox (AES-256-GCM with a key file)', () => {
  let dataDir: string;
  const context = { account_id: 'account-1', profile_id: 'profile-1' };
  const plaintext = JSON.stringify({ app_password: 'abcd-efgh-ijkl-mnop', session: { accessJwt: 'a.b.c' } });

  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-box-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('seals and opens a value; the sealed form does not contain it', async () => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(plaintext, context);
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain('abcd-efgh-ijkl-mnop');
    expect(await box.open(sealed, context)).toBe(plaintext);
    // A fresh IV each time: the same value never seals the same way twice.
    expect(await box.seal(plaintext, context)).not.toBe(sealed);
  });

  it.each([
    ['another profile', { account_id: 'account-1', profile_id: 'profile-2' }],
    ['another account', { account_id: 'account-2', profile_id: 'profile-1' }],
  ])('refuses to open a value under %s', async (_, other) => {
    const box = new LocalSecretBox(dataDir);
    const sealed = await box.seal(plaintext, context);
    await expect(box.open(sealed, other)).rejects.toThrow();
  });

  it('refuses a tampered value and an unknown format', async () => {
    const box = new LocalSecretBox(dataDir);
    const [version, iv, tag, ciphertext] = (await box.seal(plaintext, context)).split('.');
    const flipped = Buffer.from(ciphertext, 'base64url');
    flipped[0] ^= 1;
    await expect(box.open([version, iv, tag, flipped.toString('base64url')].join('.'), context)).rejects.toThrow();
    await expect(box.open('v9.a.b.c', context)).rejects.toThrow('unknown format');
  });

  it('creates its 256-bit key file with mode 0600 and reuses it', async () => {
    const sealed = await new LocalSecretBox(dataDir).seal(plaintext, context);
    const keyFile = join(dataDir, 'secret-box.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(keyFile, 'utf8'), 'base64')).toHaveLength(32);
    expect(await new LocalSecretBox(dataDir).open(sealed, context)).toBe(plaintext);
  });

  it('cannot open a value sealed under another key file', async () => {
    const sealed = await new LocalSecretBox(dataDir).seal(plaintext, context);
    const otherDir = mkdtempSync(join(tmpdir(), 'sps-box-'));
    try {
      await expect(new LocalSecretBox(otherDir).open(sealed, context)).rejects.toThrow();
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
