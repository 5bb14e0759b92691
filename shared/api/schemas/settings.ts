import { closedObject, nullable, type JsonSchema } from './primitives';

/** Account settings (docs/api.md, "Settings"). */
export const settingsSchemas: Record<string, JsonSchema> = {
  SettingsResponse: closedObject({
    settings: closedObject({
      track_links: { type: 'boolean', description: 'Whether posts that do not say track their links; false until set.' },
      utm_campaign: nullable({
        type: 'string',
        description: 'The `utm_campaign` of tracked links of posts that name none; null until set.',
      }),
    }),
  }),
};
