import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SecretBox, SecretContext } from '#shared/ports/secret-box';

const KEY_FILE = 'secret-box.key';
const TAG_BYTES = 16;

/** Reads the 256-bit key under dataDir, creating it (mode 0600) on first use. */
function loadOrCreateKey(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    try {
      writeFileSync(path, key.toString('base64'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      // Another process created it first: use theirs.
      return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
    }
  }
}

// Profiles keep the form they were sealed with; a webhook's secret is bound to `webhook:<id>`, an API key's value to `api_key:<id>`.
const aad = (context: SecretContext) =>
  Buffer.from(
    `${context.account_id}/${'profile_id' in context ? context.profile_id : 'webhook_id' in context ? `webhook:${context.webhook_id}` : `api_key:${context.api_key_id}`}`,
    'utf8',
  );

/** AES-256-GCM, the account and profile (or webhook) ids as additional authenticated data. Format: v1.iv.tag.ciphertext (base64url). */
export class LocalSecretBox implements SecretBox {
  private readonly key: Buffer;

  constructor(dataDir: string) {
    this.key = loadOrCreateKey(dataDir);
  }

  async seal(plaintext: string, context: SecretContext): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad(context));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), ciphertext]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async open(sealed: string, context: SecretContext): Promise<string> {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('secret box: unknown format');
    const tagBytes = Buffer.from(tag, 'base64url');
    // GCM would check a shorter tag against its first bytes only: the full 16 or nothing (docs/decisions.md).
    if (tagBytes.length !== TAG_BYTES) throw new Error('secret box: bad tag length');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
    decipher.setAAD(aad(context));
    decipher.setAuthTag(tagBytes);
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
