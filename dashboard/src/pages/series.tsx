import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api } from '../api';
import { ConfirmButton, Notice } from '../components/field';
import { STATUS_TEXT } from '../components/post-card';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime } from '../format';

type Series = components['schemas']['Series'];

const ruleText = (rule: Series['rule']): string => {
  const [unit, n] = Object.entries(rule.every)[0] ?? ['weeks', 1];
  const every = n === 1 ? `Every ${unit.replace(/s$/, '')}` : `Every ${n} ${unit}`;
  const ends = [rule.count ? `${rule.count} posts in all` : '', rule.until ? `until ${localTime(rule.until)}` : ''].filter(Boolean);
  return `${every}${ends.length ? `, ${ends.join(', ')}` : ''}${rule.queue ? ', into the queue' : ''}`;
};

/**
 * One series (docs/api.md, "Repeating posts (series)"), at /dashboard/series?id=…: its rule, the
 * next occurrence, the posts made so far, the occurrences skipped with their reason; Stop deletes
 * the series (its waiting post too; published ones stay).
 */
export function SeriesPage() {
  const id = new URLSearchParams(location.search).get('id') ?? '';
  const [series, setSeries] = useState<Series | null | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  useEffect(() => {
    api<{ series: Series }>('GET', `/series/${encodeURIComponent(id)}`).then(
      (answer) => setSeries(answer.series),
      (error) => {
        setSeries(null);
        setErrors(fieldErrors(error));
      },
    );
  }, [id]);
  const stop = async () => {
    try {
      await api('DELETE', `/series/${encodeURIComponent(id)}`);
      setSeries(null);
      setErrors({ form: 'Series stopped: its waiting post was deleted, published posts stay.' });
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  if (series === undefined) return <p>Loading…</p>;
  return (
    <section class="card series" data-testid="series">
      {errors.form && <Notice kind={series ? 'error' : 'info'}>{errors.form}</Notice>}
      {series && (
        <>
          <p class="series-rule">{ruleText(series.rule)}</p>
          <p>{series.next_at ? `Next post: ${localTime(series.next_at)}` : 'No more posts to come.'}</p>
          {series.variations.length > 0 && <p>Variations, in turn after the post's own text: {series.variations.length}</p>}
          <ol class="series-posts">
            {series.posts.map((post) => (
              <li key={post.id}>
                {STATUS_TEXT[post.status] ?? post.status}
                {post.scheduled_for ? ` · ${localTime(post.scheduled_for)}` : ''}
              </li>
            ))}
          </ol>
          {series.skipped.length > 0 && (
            <>
              <h3>Skipped</h3>
              <ul class="series-skipped">
                {series.skipped.map((skip) => (
                  <li key={skip.at}>
                    {localTime(skip.at)}: {skip.error.message}
                  </li>
                ))}
              </ul>
            </>
          )}
          <ConfirmButton label="Stop this series" confirmLabel="Stop it: delete the waiting post" onConfirm={stop} />
        </>
      )}
    </section>
  );
}
