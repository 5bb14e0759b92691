import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api, ApiError, type Post, type PostPage, type PostResponse } from '../api';
import { Notice } from '../components/field';
import { localTime, platformName } from '../format';
import { AnalyticsChart } from './analytics-chart';
import { TrackLinksSettings } from './track-links';

type Analytics = components['schemas']['Analytics']['analytics'];
type Figures = components['schemas']['PlatformMetrics'];

const DAY_MS = 24 * 60 * 60_000;
const utcDate = (time: number): string => new Date(time).toISOString().slice(0, 10);
const figure = (value: number | null): string => (value === null ? '–' : String(value));

/**
 * Analytics: the per-day chart of the account's published posts (GET /analytics through the
 * dashboard's twin) over a chosen range, and each recent published post's figures per platform,
 * with a button to read them again now (at most once per 5 minutes per post).
 */
export function AnalyticsPage() {
  const [from, setFrom] = useState(utcDate(Date.now() - 29 * DAY_MS));
  const [to, setTo] = useState(utcDate(Date.now()));
  const [analytics, setAnalytics] = useState<Analytics | undefined>();
  const [posts, setPosts] = useState<Post[] | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | undefined>();

  const load = () => {
    setError(undefined);
    api<{ analytics: Analytics }>('GET', `/analytics?from=${from}&to=${to}`).then(
      (body) => setAnalytics(body.analytics),
      (failure: Error) => setError(failure.message),
    );
    Promise.all(
      (['published', 'partially_published'] as const).map((status) => api<PostPage>('GET', `/posts?status=${status}&limit=20`)),
    ).then(
      (pages) => setPosts(pages.flatMap((page) => page.posts).sort((a, b) => (b.published_at ?? '').localeCompare(a.published_at ?? ''))),
      (failure: Error) => setError(failure.message),
    );
  };
  useEffect(load, []);

  const refresh = async (post: Post) => {
    setNotice(undefined);
    try {
      await api<PostResponse>('POST', `/posts/${post.id}/metrics/refresh`);
      setNotice('Reading the figures again: they appear here within seconds (reload).');
    } catch (failure) {
      setNotice(failure instanceof ApiError ? failure.message : String(failure));
    }
  };

  return (
    <>
      <section class="card">
        <h2>Per day</h2>
        <form
          class="inline"
          onSubmit={(event) => {
            event.preventDefault();
            load();
          }}
        >
          <label>
            From (UTC) <input type="date" value={from} onInput={(event) => setFrom(event.currentTarget.value)} required />
          </label>
          <label>
            To (UTC) <input type="date" value={to} onInput={(event) => setTo(event.currentTarget.value)} required />
          </label>
          <button type="submit">Show</button>
        </form>
        {error && <Notice kind="error">{error}</Notice>}
        {!analytics && !error && <p role="status">Loading…</p>}
        {analytics && (
          <>
            <AnalyticsChart days={analytics.days} />
            <table data-testid="analytics-days">
              <caption>Days with posts</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Posts</th>
                  <th scope="col">Likes</th>
                  <th scope="col">Reposts</th>
                  <th scope="col">Replies</th>
                  <th scope="col">Quotes</th>
                  <th scope="col">Impressions</th>
                  <th scope="col">Clicks</th>
                </tr>
              </thead>
              <tbody>
                {analytics.days
                  .filter((day) => day.posts > 0)
                  .map((day) => (
                    <tr key={day.date}>
                      <th scope="row">{day.date}</th>
                      <td>{day.posts}</td>
                      <td>{day.likes}</td>
                      <td>{day.reposts}</td>
                      <td>{day.replies}</td>
                      <td>{day.quotes}</td>
                      <td>{figure(day.impressions)}</td>
                      <td>{day.clicks}</td>
                    </tr>
                  ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section class="card">
        <h2>Published posts</h2>
        {notice && <Notice kind="info">{notice}</Notice>}
        {posts?.length === 0 && <p>No published post yet.</p>}
        <ul class="post-figures">
          {posts?.map((post) => (
            <li key={post.id} data-testid="post-figures">
              <p class="content">{post.content}</p>
              <p class="meta">Published {post.published_at ? localTime(post.published_at) : ''}</p>
              <dl>
                {post.platforms.map((platform) => {
                  const metrics = (post.results[platform] as { metrics: Figures | null } | undefined)?.metrics;
                  return (
                    <div key={platform} data-platform={platform}>
                      <dt>{platformName(platform)}</dt>
                      <dd>
                        {metrics
                          ? `${figure(metrics.likes)} likes · ${figure(metrics.reposts)} reposts · ${figure(metrics.replies)} replies · ${figure(metrics.quotes)} quotes · ${figure(metrics.impressions)} impressions${metrics.clicks === undefined ? '' : ` · ${metrics.clicks} clicks`}`
                          : 'No figures yet'}
                      </dd>
                    </div>
                  );
                })}
              </dl>
              <button type="button" onClick={() => void refresh(post)}>
                Refresh figures
              </button>
            </li>
          ))}
        </ul>
      </section>
      <TrackLinksSettings />
    </>
  );
}
