import { createBenchAccount } from './fixtures';
import { callService } from './http-client';

/** One round of a race from the acceptance criteria: its duration and whether the counts held. */
export interface RaceRound {
  durationMs: number;
  statuses: Record<number, number>;
  ok: boolean;
  problem?: string;
}

const countStatuses = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

async function race(
  requests: number,
  send: () => Promise<{ status: number; json: any }>, // eslint-disable-line @typescript-eslint/no-explicit-any
  expected: { created: number; refused: number; error: string },
): Promise<RaceRound> {
  const started = performance.now();
  const responses = await Promise.all(Array.from({ length: requests }, send));
  const durationMs = performance.now() - started;
  const statuses = countStatuses(responses.map((response) => response.status));
  const wrongErrors = responses.filter((response) => response.status === 429 && response.json?.error !== expected.error);
  const ok = statuses[201] === expected.created && statuses[429] === expected.refused && wrongErrors.length === 0;
  const problem = ok
    ? undefined
    : `expected ${expected.created}×201 and ${expected.refused}×429 ${expected.error}, got ${JSON.stringify(statuses)}` +
      (wrongErrors.length ? ` (${wrongErrors.length} 429s with another error code)` : '');
  return { durationMs, statuses, ok, problem };
}

/** 50 concurrent POST /posts on a free account (limit 10): exactly 10 × 201 and 40 × 429 MONTHLY_LIMIT_EXCEEDED. */
export async function monthlyLimitRace(baseUrl: string, round: number): Promise<RaceRound> {
  const account = await createBenchAccount({ name: `race monthly ${round}`, plan: 'free', platforms: ['bluesky'] });
  let index = 0;
  return race(
    50,
    () => callService(baseUrl, 'POST', '/posts', account.apiKey, { content: `race post ${(index += 1)}`, platforms: ['bluesky'] }),
    {
      created: 10,
      refused: 40,
      error: 'MONTHLY_LIMIT_EXCEEDED',
    },
  );
}

/** 20 concurrent LinkedIn posts for one scheduled_for: 1 × 201 and 19 × 429 RATE_LIMIT_EXCEEDED. */
export async function linkedinSpacingRace(baseUrl: string, round: number): Promise<RaceRound> {
  const account = await createBenchAccount({ name: `race spacing ${round}`, plan: 'pro', platforms: ['linkedin'] });
  const at = new Date(Date.now() + (30 + round) * 60_000);
  at.setUTCSeconds(round * 7, 0);
  const body = { content: 'spacing race', platforms: ['linkedin'], scheduled_for: at.toISOString() };
  return race(20, () => callService(baseUrl, 'POST', '/posts', account.apiKey, body), {
    created: 1,
    refused: 19,
    error: 'RATE_LIMIT_EXCEEDED',
  });
}
