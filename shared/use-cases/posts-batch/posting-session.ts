import { AsyncLocalStorage } from 'node:async_hooks';
import { readPostingContext, type PostingContext } from '#shared/store/posting-context';

/**
 * The work the items of one POST /posts/batch share (docs/decisions/0043-bulk-creation.md): the
 * posting context (account, connected profiles, the month's usage) is read once per account and
 * month, then kept for the request. Each item still writes its own transaction, whose conditions
 * (monthly counter, LinkedIn spacing, media) hold whatever this copy says; the copy's `used` follows
 * the request's own creations and refusals (noteUsed).
 */
interface PostingSession {
  contexts: Map<string, PostingContext>;
}

const current = new AsyncLocalStorage<PostingSession>();

/** Runs `work` with a posting session: postingContextFor reads each context once inside it. */
export const withPostingSession = <T>(work: () => Promise<T>): Promise<T> => current.run({ contexts: new Map() }, work);

/** The posting context: the session's copy inside a batch, a fresh read otherwise (POST /posts). */
export async function postingContextFor(accountId: string, month: string): Promise<PostingContext> {
  const session = current.getStore();
  if (!session) return readPostingContext(accountId, month);
  const key = `${accountId}#${month}`;
  let context = session.contexts.get(key);
  if (!context) {
    context = await readPostingContext(accountId, month);
    session.contexts.set(key, context);
  }
  return { ...context, profiles: { ...context.profiles } };
}

/** What the store said the month's counter is after an item (its 201 usage, or MONTHLY_LIMIT_EXCEEDED's used). */
export function noteUsed(accountId: string, used: number): void {
  const session = current.getStore();
  if (!session) return;
  for (const [key, context] of session.contexts) if (key.startsWith(`${accountId}#`)) context.used = Math.max(context.used, used);
}
