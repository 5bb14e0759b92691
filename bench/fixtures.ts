import { randomBytes, randomUUID } from 'node:crypto';
import { hashApiKey } from '#shared/domain/api-key-values';
import type { Platform } from '#shared/domain/platforms';
import type { Plan } from '#shared/domain/plans';
import { createProfileItem } from '#shared/store/profiles';
import { createAccount } from '#shared/use-cases/accounts';

/** An account made for the bench, with what the floor needs to make the service's requests itself. */
export interface BenchAccount {
  accountId: string;
  apiKey: string;
  keyHash: string;
}

/**
 * Sealed credentials are ciphertext of about this size (a Bluesky session with two JWTs and
 * the app password; a LinkedIn access token): profile items are read on every POST /posts,
 * so their size matters to the read cost.
 */
const CREDENTIAL_BYTES: Record<Platform, number> = { bluesky: 1300, linkedin: 500 };

/** Creates an account through the admin use case and its profiles straight through the repository. */
export async function createBenchAccount(input: {
  name: string;
  plan: Plan;
  monthlyLimit?: number;
  platforms: Platform[];
}): Promise<BenchAccount> {
  const { account, apiKey } = await createAccount({
    name: input.name,
    plan: input.plan,
    monthlyLimit: input.monthlyLimit,
    keyName: 'bench',
  });
  for (const platform of input.platforms) {
    await createProfileItem({
      id: randomUUID(),
      account_id: account.id,
      platform,
      handle: platform === 'bluesky' ? 'bench.bsky.social' : 'Bench User',
      display_name: 'Bench User',
      platform_user_id: platform === 'bluesky' ? 'did:plc:benchbenchbenchbenchbench' : 'urn:li:person:benchbench',
      connected_at: new Date().toISOString(),
      expires_at: platform === 'linkedin' ? new Date(Date.now() + 60 * 86_400_000).toISOString() : null,
      needs_reconnect: false,
      credentials: randomBytes(CREDENTIAL_BYTES[platform]).toString('base64'),
      ...(platform === 'bluesky' ? { service: 'https://bsky.social' } : {}),
    });
  }
  return { accountId: account.id, apiKey, keyHash: hashApiKey(apiKey) };
}
