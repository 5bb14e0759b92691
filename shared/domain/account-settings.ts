/**
 * Account-wide defaults (docs/api.md, "Settings"): whether posts track their links unless they say,
 * and the `utm_campaign` their links carry unless the post names its own.
 */
export interface AccountSettings {
  track_links: boolean;
  utm_campaign: string | null;
}

export const DEFAULT_SETTINGS: AccountSettings = { track_links: false, utm_campaign: null };
