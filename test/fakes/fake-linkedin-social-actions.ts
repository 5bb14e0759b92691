import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The fake LinkedIn's comments (docs/api.md, "First comment"), hooked into fake-linkedin.ts:
 * `POST /rest/socialActions/{post urn}/comments` as LinkedIn documents it: the Rest.li headers,
 * a body `{actor, object, message: {text}}` whose `object` is the post of the path and whose
 * `actor` the token may act as (its member, or a page it administers with w_organization_social),
 * `message.text` at most 1,250 characters, on a post that exists; answers 201 with the comment
 * (its `commentUrn` also in `x-restli-id`). Tests can make the next comments fail.
 *
 *   linkedin.comments.refuseNext(1, { status: 403, message: 'Comments are turned off' });
 *   expect(linkedin.comments.created()).toEqual([expect.objectContaining({ object: urn, text: 'Link below' })]);
 */
export interface FakeComment {
  commentUrn: string;
  id: string;
  actor: string;
  object: string;
  text: string;
  createdAt: number;
  /** A reply under a comment: that comment's URN (the path's URN too). */
  parentComment?: string;
}

/** What the next comment calls do instead of creating the comment. */
export interface CommentFault {
  status: number;
  message?: string;
}

export interface SocialActionsHost {
  send(response: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void;
  restError(status: number, message: string, code?: string): Record<string, unknown>;
  restHeadersProblem(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined;
  tokenProblem(headers: IncomingHttpHeaders): { scopes: string[]; user: { sub: string } } | Record<string, unknown>;
  actingAs(requested: unknown, issued: { scopes: string[]; user: { sub: string } }): string;
  /** Whether a post of this URN exists on the fake. */
  postExists(urn: string): boolean;
  now(): number;
}

const COMMENTS_PATH = /^\/rest\/socialActions\/([^/]+)\/comments$/;
const MAX_COMMENT_CHARACTERS = 1250;

export function fakeLinkedInSocialActions(host: SocialActionsHost) {
  const comments: FakeComment[] = [];
  const faults: CommentFault[] = [];
  /** Every comment call received (its decoded path URN and parsed body), whatever was answered. */
  const received: Array<{ urn: string; body: unknown; status: number }> = [];
  let counter = 7_200_000_000_000_000_000n;

  function createComment(urn: string, raw: string, headers: IncomingHttpHeaders, response: ServerResponse): void {
    let body: unknown = raw;
    try {
      body = JSON.parse(raw);
    } catch {
      /* kept as text */
    }
    const call = { urn, body, status: 0 };
    received.push(call);
    const answer = (status: number, payload?: unknown, extra?: Record<string, string>) => {
      call.status = status;
      host.send(response, status, payload, extra);
    };
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) return answer(401, issued);
    const problem = host.restHeadersProblem(headers);
    if (problem) return answer(problem.status, problem.body);
    if (!headers['content-type']?.startsWith('application/json'))
      return answer(415, host.restError(415, 'Content-Type must be application/json'));
    const comment = body as { actor?: unknown; object?: unknown; message?: { text?: unknown } } | null;
    if (comment === null || typeof comment !== 'object') return answer(400, host.restError(400, 'Request body must be a JSON object'));
    if (typeof comment.actor !== 'string') return answer(422, host.restError(422, 'Field /actor is required'));
    const parent = urn.startsWith('urn:li:comment:') ? comments.find((existing) => existing.commentUrn === urn) : undefined;
    const nested = comment as { parentComment?: unknown };
    if (urn.startsWith('urn:li:comment:')) {
      if (!parent) return answer(404, host.restError(404, `Entity ${urn} not found`));
      if (nested.parentComment !== urn) return answer(422, host.restError(422, 'Field /parentComment must be the comment of the path'));
      if (comment.object !== parent.object)
        return answer(422, host.restError(422, 'Field /object must be the post the parent comment is on'));
    } else if (comment.object !== urn) return answer(422, host.restError(422, 'Field /object must be the entity of the path'));
    if (typeof comment.message?.text !== 'string' || !comment.message.text)
      return answer(422, host.restError(422, 'Field /message/text is required'));
    if (comment.message.text.length > MAX_COMMENT_CHARACTERS)
      return answer(422, host.restError(422, `Field /message/text is longer than ${MAX_COMMENT_CHARACTERS} characters`));
    const issuedToken = issued as { scopes: string[]; user: { sub: string } };
    if (host.actingAs(comment.actor, issuedToken) !== comment.actor)
      return answer(403, host.restError(403, `Not enough permissions to comment as ${comment.actor}`, 'ACCESS_DENIED'));
    if (!host.postExists(parent ? parent.object : urn)) return answer(404, host.restError(404, `Entity ${urn} not found`));
    const fault = faults.shift();
    if (fault) return answer(fault.status, host.restError(fault.status, fault.message ?? 'Internal Server Error'));
    const created = newComment(parent ? parent.object : urn, comment.actor, comment.message.text, parent?.commentUrn);
    comments.push(created);
    const stamp = { actor: created.actor, time: created.createdAt };
    answer(
      201,
      {
        actor: created.actor,
        commentUrn: created.commentUrn,
        created: stamp,
        lastModified: stamp,
        id: created.id,
        message: { text: created.text, attributes: [] },
        object: created.object,
        likesSummary: { selectedLikes: [], aggregatedTotalLikes: 0, likedByCurrentUser: false, totalLikes: 0 },
      },
      { 'x-restli-id': created.commentUrn },
    );
  }

  function newComment(object: string, actor: string, text: string, parentComment?: string): FakeComment {
    counter += 1n;
    const id = String(counter);
    const activity = object.replace(/^urn:li:(share|ugcPost):/, 'urn:li:activity:');
    return {
      commentUrn: `urn:li:comment:(${activity},${id})`,
      id,
      actor,
      object,
      text,
      createdAt: host.now(),
      ...(parentComment ? { parentComment } : {}),
    };
  }

  /** Comment listings received, in order: `GET /rest/socialActions/{urn}/comments` (its decoded path URN). */
  const listings: string[] = [];

  /**
   * `GET /rest/socialActions/{urn}/comments?start&count`: the comments on a post (top level), or
   * the replies under a comment, oldest first, as LinkedIn pages them (`elements`, `paging`).
   */
  function listComments(urn: string, url: URL, headers: IncomingHttpHeaders, response: ServerResponse): void {
    listings.push(urn);
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) return host.send(response, 401, issued);
    const problem = host.restHeadersProblem(headers);
    if (problem) return host.send(response, problem.status, problem.body);
    const isComment = urn.startsWith('urn:li:comment:');
    if (!isComment && !host.postExists(urn)) return host.send(response, 404, host.restError(404, `Entity ${urn} not found`));
    const matching = comments.filter((comment) =>
      isComment ? comment.parentComment === urn : comment.object === urn && !comment.parentComment,
    );
    const start = Number(url.searchParams.get('start') ?? 0);
    const count = Number(url.searchParams.get('count') ?? 10);
    const page = matching.slice(start, start + count);
    host.send(response, 200, {
      elements: page.map((comment) => ({
        actor: comment.actor,
        commentUrn: comment.commentUrn,
        id: comment.id,
        created: { actor: comment.actor, time: comment.createdAt },
        lastModified: { actor: comment.actor, time: comment.createdAt },
        message: { text: comment.text, attributes: [] },
        object: comment.object,
        ...(comment.parentComment ? { parentComment: comment.parentComment } : {}),
      })),
      paging: { start, count, total: matching.length },
    });
  }

  /** Answers the request when it is one of this module's; false otherwise. */
  function route(method: string | undefined, url: URL, raw: string, headers: IncomingHttpHeaders, response: ServerResponse): boolean {
    const match = COMMENTS_PATH.exec(url.pathname);
    if (!match) return false;
    if (method === 'GET') listComments(decodeURIComponent(match[1]!), url, headers, response);
    else if (method === 'POST') createComment(decodeURIComponent(match[1]!), raw, headers, response);
    else return false;
    return true;
  }

  return {
    route,
    controls: {
      /** The comments that exist, oldest first. */
      created: (): FakeComment[] => [...comments],
      /** Every comment call received, in order, whatever was answered. */
      received: () => [...received],
      /** Someone else comments on a post (or replies under a comment): what the inbox collects. */
      addComment: (object: string, actor: string, text: string, parentComment?: string): FakeComment => {
        const added = newComment(object, actor, text, parentComment);
        comments.push(added);
        return added;
      },
      /** The URNs whose comments were listed, in order. */
      listings: () => [...listings],
      /** The next `count` comment calls that pass the checks answer this status with LinkedIn's error body. */
      refuseNext: (count: number, fault: CommentFault) => faults.push(...Array<CommentFault>(count).fill(fault)),
    },
  };
}
