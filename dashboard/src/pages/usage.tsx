import { useEffect, useState } from 'preact/hooks';
import { api, type Usage, type UsageResponse } from '../api';
import { Notice } from '../components/field';
import { localTime, utcTime } from '../format';

/** This month's post allowance. */
export function UsagePage() {
  const [usage, setUsage] = useState<Usage | undefined>();
  const [error, setError] = useState<string | undefined>();
  useEffect(() => {
    api<UsageResponse>('GET', '/usage').then(
      (body) => setUsage(body.usage),
      (failure: Error) => setError(failure.message),
    );
  }, []);
  if (error) return <Notice kind="error">{error}</Notice>;
  if (!usage) return <p role="status">Loading…</p>;
  return (
    <section class="card">
      <h2>{usage.month} (UTC)</h2>
      <label for="usage-meter">
        {usage.used} of {usage.limit} posts used
      </label>
      <meter id="usage-meter" min={0} max={usage.limit} value={usage.used} high={usage.limit * 0.8} optimum={0}>
        {usage.used} / {usage.limit}
      </meter>
      <dl>
        <dt>Remaining</dt>
        <dd data-testid="usage-remaining">{usage.remaining}</dd>
        <dt>Resets</dt>
        <dd>
          {localTime(usage.resets_at)} <span class="utc">({utcTime(usage.resets_at)})</span>
        </dd>
      </dl>
      <p>Each created post counts once, whatever its platforms; deleting a post does not give it back.</p>
    </section>
  );
}
