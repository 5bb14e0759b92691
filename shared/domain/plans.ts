/** Monthly post limits of the plans (docs/api.md, "Accounts, plans and keys"). */
export const PLANS = { free: 10, pro: 3000 } as const;
export type Plan = keyof typeof PLANS;

export const isPlan = (value: unknown): value is Plan => typeof value === 'string' && value in PLANS;

/** The account's monthly limit: its override when set, else its plan's. */
export function monthlyLimit(account: { plan: Plan; monthly_limit_override?: number | null }): number {
  return account.monthly_limit_override ?? PLANS[account.plan];
}
