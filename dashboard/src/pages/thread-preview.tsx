import { parseLittleText } from '#shared/platforms/linkedin/little-text';
import { useEffect, useState } from 'preact/hooks';
import { api, type PostPreview, type PostPreviewResponse, type PreviewRequest } from '../api';

/**
 * What each platform will receive, as the server renders it (POST /dashboard/api/posts/preview
 * runs the publishers' own rendering), fetched ~300 ms after the user stops typing. So the
 * page and the publisher cannot disagree: there is no second copy of the rules in the browser.
 */
type Preview = PostPreview;

export const PREVIEW_DEBOUNCE_MS = 300;

/** The latest preview for `request`, or undefined while there is none (blank text, an error the form will show). */
function useServerPreview(request: PreviewRequest): Preview | undefined {
  const [preview, setPreview] = useState<Preview | undefined>();
  const key = JSON.stringify(request);
  useEffect(() => {
    if (request.content.trim() === '' || request.platforms.length === 0) {
      setPreview(undefined);
      return undefined;
    }
    let current = true; // an answer to an older text must not replace a newer one
    const timer = setTimeout(() => {
      api<PostPreviewResponse>('POST', '/posts/preview', { body: request }).then(
        (answer) => current && setPreview(answer.preview),
        () => current && setPreview(undefined),
      );
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]); // `key` (the request serialised), not `request`: rerun when the request changes, not its identity
  return preview;
}

export function PlatformPreview({ request }: { request: PreviewRequest }) {
  const preview = useServerPreview(request);
  if (!preview) return null;
  const { linkedin, bluesky, warnings } = preview;
  return (
    <section class="thread" aria-labelledby="preview-title" data-testid="platform-preview">
      <h2 id="preview-title">What each platform receives</h2>
      {warnings.length > 0 && (
        <ul class="preview-warnings" data-testid="preview-warnings">
          {warnings.map((warning) => (
            <li key={warning}>{warning}</li>
          ))}
        </ul>
      )}
      {linkedin && (
        <div data-testid="linkedin-preview">
          <h3>LinkedIn</h3>
          <p class="thread-meta">{linkedin.characters} of 3000 characters as sent (LinkedIn's reserved characters escaped)</p>
          <p class="thread-text">{parseLittleText(linkedin.commentary).text}</p>
        </div>
      )}
      {bluesky && (
        <div>
          <h3>Bluesky</h3>
          <p>
            {bluesky.posts.length === 1
              ? `One post (${bluesky.posts[0].graphemes} of 300 characters).`
              : `A thread of ${bluesky.posts.length} posts: Bluesky allows 300 characters per post.`}
          </p>
          <ol class="thread-parts" data-testid="thread-preview">
            {bluesky.posts.map((part, index) => (
              <li key={index} class="thread-part">
                <p class="thread-meta">
                  {index + 1}/{bluesky.posts.length} · {part.graphemes} characters
                </p>
                <p class="thread-text">{part.text}</p>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
