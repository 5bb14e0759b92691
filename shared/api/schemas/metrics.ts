import { closedObject, nullable, platform, ref, timestamp, type JsonSchema } from './primitives';

/** Metrics and analytics (docs/api.md, "Metrics and analytics"): a post's figures per platform, and the per-day sums. */
const figure = (description: string): JsonSchema => nullable({ type: 'integer', minimum: 0, description });
const count: JsonSchema = { type: 'integer', minimum: 0 };
/** PlatformMetrics: `clicks` is shown only for a post that tracked its links. */
const optionalClicks = (properties: Record<string, JsonSchema>, extra: JsonSchema): JsonSchema => {
  const schema = closedObject(properties, extra);
  return { ...schema, required: (schema.required as string[]).filter((name) => name !== 'clicks') };
};
const date: JsonSchema = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', examples: ['2026-11-23'] };

export const metricsSchemas: Record<string, JsonSchema> = {
  PlatformMetrics: optionalClicks(
    {
      likes: figure('Likes (Bluesky) or reactions (LinkedIn), summed over the parts of a thread.'),
      reposts: figure('Reposts (Bluesky); null on LinkedIn.'),
      replies: figure("Replies or comments by others (the thread's own parts and the first comment are not counted)."),
      quotes: figure('Quote posts (Bluesky); null on LinkedIn.'),
      impressions: figure('Views, where the platform gives them to this token; null otherwise.'),
      clicks: {
        ...count,
        description:
          'Clicks on the post\'s tracked links on this platform (docs/api.md, "Tracked links"), as of `collected_at`; present only when the post tracked its links.',
      },
      collected_at: timestamp,
    },
    { description: 'Figures read back from the platform; a figure the platform does not give is null.' },
  ),
  AnalyticsDay: closedObject({
    date,
    posts: { ...count, description: 'Posts published that day (on `platform`, when given).' },
    likes: count,
    reposts: count,
    replies: count,
    quotes: count,
    impressions: nullable({ ...count, description: 'null when no post of the day has impressions.' }),
    clicks: { ...count, description: "Clicks on the tracked links of the day's posts, as of their latest figures." },
  }),
  Analytics: closedObject({
    analytics: closedObject({
      from: date,
      to: date,
      platform: { anyOf: [platform, { type: 'null' }], description: 'The `platform` asked for; null for all.' },
      days: { type: 'array', items: ref('AnalyticsDay'), maxItems: 366, description: 'One row per day from `from` to `to`, in order.' },
    }),
  }),
};
