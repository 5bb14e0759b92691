import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The fake LinkedIn's read side of the Social Actions API (docs/api.md, "Metrics and analytics"),
 * hooked into fake-linkedin.ts: `GET /rest/socialActions/{urn}` answers the summary LinkedIn
 * documents (`likesSummary`, `commentsSummary`, `target`) for a post that exists. As LinkedIn's
 * permission table has it, reading needs `r_member_social` (granted to approved developers) or,
 * for pages, `r_organization_social`; a token with only `w_member_social` gets 403 ACCESS_DENIED.
 *
 *   linkedin.metrics.setCounts(urn, { likes: 4, comments: 2 });
 *   linkedin.metrics.failNext(1, 503);
 */
export interface SocialCounts {
  likes: number;
  comments: number;
}

export interface MetricsHost {
  send(response: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void;
  restError(status: number, message: string, code?: string): Record<string, unknown>;
  restHeadersProblem(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined;
  tokenProblem(headers: IncomingHttpHeaders): { scopes: string[] } | Record<string, unknown>;
  /** Whether a post with this URN exists on the fake. */
  postExists(urn: string): boolean;
}

const READ_SCOPES = ['r_member_social', 'r_organization_social'];
const SOCIAL_ACTIONS = /^\/rest\/socialActions\/([^/]+)$/;

export function fakeLinkedInMetrics(host: MetricsHost) {
  const counts = new Map<string, SocialCounts>();
  const faults: number[] = [];
  /** Every URN whose summary was asked for, in order. */
  const reads: string[] = [];

  function summary(urn: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    reads.push(urn);
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) return host.send(response, 401, issued);
    const problem = host.restHeadersProblem(headers);
    if (problem) return host.send(response, problem.status, problem.body);
    const fault = faults.shift();
    if (fault !== undefined) return host.send(response, fault, host.restError(fault, `Internal Server Error (fault ${fault})`));
    if (!(issued.scopes as string[]).some((scope) => READ_SCOPES.includes(scope))) {
      return host.send(response, 403, host.restError(403, `Not enough permissions to access: socialActions.GET.20240101`, 'ACCESS_DENIED'));
    }
    if (!host.postExists(urn)) return host.send(response, 404, host.restError(404, `Not found: ${urn}`));
    const { likes, comments } = counts.get(urn) ?? { likes: 0, comments: 0 };
    host.send(response, 200, {
      $URN: urn,
      target: urn,
      likesSummary: { selectedLikes: [], aggregatedTotalLikes: likes, likedByCurrentUser: false, totalLikes: likes },
      commentsSummary: {
        selectedComments: [],
        totalFirstLevelComments: comments,
        commentsState: 'OPEN',
        aggregatedTotalComments: comments,
      },
    });
  }

  return {
    /** Answers the request when it is one of this module's; false otherwise. */
    route(method: string | undefined, url: URL, headers: IncomingHttpHeaders, response: ServerResponse): boolean {
      const match = method === 'GET' ? SOCIAL_ACTIONS.exec(url.pathname) : null;
      if (!match) return false;
      summary(decodeURIComponent(match[1] as string), headers, response);
      return true;
    },
    controls: {
      setCounts: (urn: string, value: SocialCounts) => void counts.set(urn, value),
      /** The next `count` summary reads answer `status` (after the token and header checks). */
      failNext: (count: number, status = 503) => faults.push(...Array<number>(count).fill(status)),
      reads: (): string[] => [...reads],
    },
  };
}
