import { putSettingsSchema } from '#shared/http/endpoints/put-settings/schema';
import type { OperationEntry } from '../operation';

const settings = { track_links: true, utm_campaign: 'newsletter' };

/** Account settings and tracked links (docs/api.md, "Settings", "Tracked links"). */
export const settingsOperations: Record<string, OperationEntry> = {
  'get-settings': {
    method: 'GET',
    path: '/settings',
    dashboardPath: '/dashboard/api/settings',
    auth: 'api-key',
    scope: 'read',
    tag: 'Settings',
    summary: "The account's settings",
    description: 'Defaults for posts that do not say for themselves: `track_links` (false until set) and `utm_campaign` (null until set).',
    success: { status: 200, description: 'The settings.', schema: 'SettingsResponse', example: { settings } },
    errors: [],
  },
  'put-settings': {
    method: 'PUT',
    path: '/settings',
    dashboardPath: '/dashboard/api/settings',
    auth: 'api-key',
    scope: 'write',
    tag: 'Settings',
    summary: "Change the account's settings",
    description:
      'The fields given replace the stored ones; the others stay (`utm_campaign: null` clears it). They apply to posts published ' +
      'from then on that do not set `track_links` or `utm_campaign` themselves. A malformed field: INVALID_FIELD naming it.',
    body: putSettingsSchema,
    success: { status: 200, description: 'The settings as they now stand.', schema: 'SettingsResponse', example: { settings } },
    errors: [],
  },
  'follow-link': {
    method: 'GET',
    path: '/l/{code}',
    auth: 'none',
    // A redirect in the visitor's way: one read and one counter write, nothing else in the bundle.
    memoryMb: 128,
    tag: 'Links',
    summary: 'Follow a tracked link (reached by a browser)',
    description:
      'The short link a post with `track_links` carries (docs/api.md, "Tracked links"): 302 to the original link with ' +
      '`utm_source`, `utm_medium=social` and `utm_campaign` added (parameters the link has are kept), `cache-control: no-store`. ' +
      'Counts one click unless the user agent is a crawler or a preview fetcher. No API key. An unknown code: 404 with an ' +
      'HTML page (`text/html`), not a JSON error.',
    success: {
      status: 302,
      description: 'To the target; the click is counted.',
      headers: ['location', 'cache-control'],
    },
    page: { status: 404, description: 'An unknown or malformed code: a small HTML page.', headers: ['cache-control'] },
    errors: [],
    mcpTool: false,
  },
};
