import { monthlyLimit } from '#shared/domain/plans';
import { usageMonth, usageView, type Usage } from '#shared/domain/usage-month';
import { DomainError } from '#shared/domain/errors';
import { clock } from '#shared/ports/clock';
import { getAccount } from '#shared/store/accounts';
import { getUsedCount } from '#shared/store/usage-counters';

/** This month's usage of the account, read from its counter. */
export async function getUsage(accountId: string): Promise<Usage & { month: string }> {
  const month = usageMonth(clock.now());
  const [account, used] = await Promise.all([getAccount(accountId), getUsedCount(accountId, month.month)]);
  if (!account) throw new DomainError('INVALID_API_KEY');
  return { ...usageView(monthlyLimit(account), used, month), month: month.month };
}
