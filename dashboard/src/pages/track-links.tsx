import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Notice } from '../components/field';
import { fieldErrors } from '../field-errors';
import type { components } from '../../../client/src/schema.gen';

type Settings = components['schemas']['SettingsResponse']['settings'];

/**
 * "Track links" in compose: starts as the account's setting says and sends `track_links` only once
 * the user changed it, so a post left alone follows the setting at publication (docs/api.md, "Tracked links").
 */
export function TrackLinksToggle({ value, onChange }: { value: boolean | undefined; onChange: (value: boolean) => void }) {
  const [byDefault, setByDefault] = useState(false);
  useEffect(() => {
    api<{ settings: Settings }>('GET', '/settings').then(
      ({ settings }) => setByDefault(settings.track_links),
      () => undefined, // the switch still works; it just starts off
    );
  }, []);
  return (
    <label class="check track-links-toggle">
      <input type="checkbox" checked={value ?? byDefault} onChange={(event) => onChange(event.currentTarget.checked)} /> Track links (short
      links that count clicks)
    </label>
  );
}

/** The account's link-tracking settings (PUT /settings), a small card on the Analytics page. */
export function TrackLinksSettings() {
  const [settings, setSettings] = useState<Settings | undefined>();
  const [campaign, setCampaign] = useState('');
  const [message, setMessage] = useState<{ kind: 'info' | 'error'; text: string } | undefined>();
  useEffect(() => {
    api<{ settings: Settings }>('GET', '/settings').then(
      ({ settings: loaded }) => {
        setSettings(loaded);
        setCampaign(loaded.utm_campaign ?? '');
      },
      (error) => setMessage({ kind: 'error', text: Object.values(fieldErrors(error))[0] ?? 'Settings could not be read' }),
    );
  }, []);
  const save = async (change: Partial<Settings>) => {
    try {
      const { settings: saved } = await api<{ settings: Settings }>('PUT', '/settings', { body: change });
      setSettings(saved);
      setMessage({ kind: 'info', text: 'Saved.' });
    } catch (error) {
      setMessage({ kind: 'error', text: Object.values(fieldErrors(error))[0] ?? 'Not saved' });
    }
  };
  return (
    <section class="card" data-testid="track-links-settings">
      <h2>Link tracking</h2>
      <p>Posts that track links go out with short links that count clicks; clicks show with each post's figures.</p>
      {settings && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save({ utm_campaign: campaign.trim() || null });
          }}
        >
          <label class="check">
            <input
              type="checkbox"
              checked={settings.track_links}
              onChange={(event) => void save({ track_links: event.currentTarget.checked })}
            />{' '}
            Track links of new posts by default
          </label>
          <label>
            Campaign (utm_campaign) <input value={campaign} onInput={(event) => setCampaign(event.currentTarget.value)} maxLength={100} />
          </label>
          <button type="submit">Save campaign</button>
        </form>
      )}
      {message && <Notice kind={message.kind}>{message.text}</Notice>}
    </section>
  );
}
