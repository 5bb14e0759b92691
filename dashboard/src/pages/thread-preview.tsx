import { graphemeCount, MAX_GRAPHEMES, splitThread } from '#shared/platforms/bluesky/thread-split';
import { useMemo } from 'preact/hooks';

/**
 * How Bluesky will receive the text: the publisher's own splitter (imported, not copied)
 * cuts it into posts of at most 300 graphemes, published as a thread of replies.
 */
export function ThreadPreview({ content }: { content: string }) {
  const parts = useMemo(() => splitThread(content), [content]);
  return (
    <section class="thread" aria-labelledby="thread-title">
      <h2 id="thread-title">Bluesky preview</h2>
      <p>
        {parts.length === 1
          ? `One post (${graphemeCount(parts[0])} of ${MAX_GRAPHEMES} characters).`
          : `A thread of ${parts.length} posts: Bluesky allows ${MAX_GRAPHEMES} characters per post.`}
      </p>
      {parts.length > 1 && (
        <ol class="thread-parts" data-testid="thread-preview">
          {parts.map((part, index) => (
            <li key={index} class="thread-part">
              <p class="thread-meta">{index + 1}/{parts.length} · {graphemeCount(part)} characters</p>
              <p class="thread-text">{part}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
