import type { Schema } from '#shared/http/validation';

export interface PutSettingsBody {
  track_links?: boolean;
  utm_campaign?: string | null;
}

/** A campaign name as it goes into a URL's query: letters, digits and `-_.~+` (no spaces, no escapes to read). */
export const UTM_CAMPAIGN_PATTERN = '^[A-Za-z0-9._~+-]{1,100}$';

export const utmCampaignSchema: Schema = {
  type: 'string',
  pattern: UTM_CAMPAIGN_PATTERN,
  description: 'The `utm_campaign` of tracked links: 1 to 100 of letters, digits and `-_.~+`.',
  example: 'spring-launch',
};

/** PUT /settings (docs/api.md, "Settings"): the fields given replace the stored ones. */
export const putSettingsSchema: Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    track_links: {
      type: 'boolean',
      description: 'Whether posts that do not say track their links (docs/api.md, "Tracked links"). Default false.',
      example: true,
    },
    utm_campaign: {
      type: ['string', 'null'],
      pattern: UTM_CAMPAIGN_PATTERN,
      description: 'The `utm_campaign` of tracked links of posts that do not name one; null clears it.',
      example: 'newsletter',
    },
  },
};
