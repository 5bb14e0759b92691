import { newId } from '#shared/domain/ids';
import type { Plan } from '#shared/domain/plans';
import { clock } from '#shared/ports/clock';
import { putAccount, type Account } from '#shared/store/accounts';
import { createApiKey } from './keys';

/** Creates an account with a first API key (operators: admin command, demo account). */
export async function createAccount(input: {
  name: string;
  plan?: Plan;
  monthlyLimit?: number | null;
  keyName?: string;
}): Promise<{ account: Account; apiKey: string }> {
  const account: Account = {
    id: newId(),
    name: input.name,
    plan: input.plan ?? 'free',
    monthly_limit_override: input.monthlyLimit ?? null,
    created_at: clock.now().toISOString(),
  };
  await putAccount(account);
  const { apiKey } = await createApiKey(account.id, input.keyName ?? 'default');
  return { account, apiKey };
}
