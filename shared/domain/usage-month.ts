/** The UTC calendar month a post is counted in, and when its counter resets. */
export interface UsageMonth {
  /** `YYYY-MM`, the counter's name. */
  month: string;
  /** First instant of the next month, ISO 8601 UTC. */
  resetsAt: string;
}

export function usageMonth(at: Date): UsageMonth {
  const year = at.getUTCFullYear();
  const monthIndex = at.getUTCMonth();
  return {
    month: `${year}-${String(monthIndex + 1).padStart(2, '0')}`,
    resetsAt: new Date(Date.UTC(year, monthIndex + 1, 1)).toISOString(),
  };
}

export interface Usage {
  limit: number;
  used: number;
  remaining: number;
  resets_at: string;
}

export function usageView(limit: number, used: number, month: UsageMonth): Usage {
  return { limit, used, remaining: Math.max(0, limit - used), resets_at: month.resetsAt };
}
