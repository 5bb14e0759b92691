import { MAX_CONTENT_LENGTH } from '#shared/http/endpoints/create-post/schema';
import { VALID_PLATFORMS } from '#shared/domain/platforms';
import { useEffect, useState } from 'preact/hooks';
import { api, type CreatedPost, type ProfileList } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localInputToIso, localTime, platformName, timeZoneName } from '../format';
import { MediaPicker, type MediaSelection } from './media-picker';
import { VideoPicker } from './video-picker';
import { SchedulePicker } from './schedule-picker';
import { PlatformPreview } from './thread-preview';
import { QueueToggle } from './queue-toggle';
import { TrackLinksToggle } from './track-links';
import { RepeatControl, type RepeatRequest } from './repeat-control';
import { BlueskyOptionsPanel, LinkedInOptionsPanel } from './platform-options-panel';
import type { PlatformOptions } from '#shared/domain/platform-options';

type Platform = (typeof VALID_PLATFORMS)[number];

/** Write a post, pick platforms, publish now or schedule it. */
export function ComposePage({ onCreated }: { onCreated: (message: string) => void }) {
  const [content, setContent] = useState('');
  // Per-platform text, present once the user chose to customise that platform.
  const [custom, setCustom] = useState<Partial<Record<Platform, string>>>({});
  const [platforms, setPlatforms] = useState<Platform[]>([]);
  const [connected, setConnected] = useState<Platform[] | undefined>();
  const [when, setWhen] = useState<'now' | 'later'>('now');
  const [scheduledLocal, setScheduledLocal] = useState('');
  const [queued, setQueued] = useState(false);
  // Unset until the user flips it: the post then follows the account's setting at publication.
  const [trackLinks, setTrackLinks] = useState<boolean | undefined>();
  const [repeat, setRepeat] = useState<RepeatRequest | undefined>();
  const [evergreen, setEvergreen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [media, setMedia] = useState<MediaSelection>({ ids: [], busy: false });
  const [video, setVideo] = useState<MediaSelection>({ ids: [], busy: false });
  // Each platform's "more" panel (docs/api.md, "Platform options").
  const [options, setOptions] = useState<PlatformOptions>({});
  // One idempotency-key per draft: a double submit or a retry after a network error creates one post.
  const [draftKey, setDraftKey] = useState(() => crypto.randomUUID());

  useEffect(() => {
    api<ProfileList>('GET', '/profiles').then(
      ({ profiles }) => {
        const list = profiles.map((profile) => profile.platform);
        setConnected(list);
        setPlatforms(list);
      },
      (error) => setErrors(fieldErrors(error)),
    );
  }, []);

  // The API counts UTF-16 code units (JavaScript length), as LinkedIn does.
  const length = content.length;
  const scheduledFor = when === 'later' ? localInputToIso(scheduledLocal) : undefined;
  const toggle = (platform: Platform, on: boolean) =>
    setPlatforms((current) => (on ? [...current, platform] : current.filter((item) => item !== platform)));
  const customise = (platform: Platform, on: boolean) =>
    setCustom((current) => {
      const next = { ...current };
      if (on) next[platform] = current[platform] ?? content;
      else delete next[platform];
      return next;
    });
  // Only the platforms being posted to: a key for another platform is refused by the API.
  const platformContent = Object.fromEntries(
    VALID_PLATFORMS.filter((platform) => platforms.includes(platform) && custom[platform] !== undefined).map((platform) => [
      platform,
      custom[platform] as string,
    ]),
  );
  // Only the platforms being posted to, and only options set.
  const platformOptions = Object.fromEntries(
    Object.entries(options).filter(([platform, value]) => platforms.includes(platform as Platform) && Object.keys(value).length),
  ) as PlatformOptions;
  // The preview skips a blank customised text (the form reports it on submit) and shows content there meanwhile.
  const previewContent = Object.fromEntries(Object.entries(platformContent).filter(([, text]) => text.trim() !== ''));

  const submit = async (event: Event) => {
    event.preventDefault();
    if (media.busy) {
      setErrors({ media: 'Upload every image (or remove it) before publishing.' });
      return;
    }
    if (video.busy) {
      setErrors({ video: 'Upload the video (or remove it) before publishing.' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      // A schedule the browser cannot read is sent as typed, so the API's own message explains it.
      const body = {
        content,
        platforms,
        ...(Object.keys(platformContent).length ? { platform_content: platformContent } : {}),
        ...(Object.keys(platformOptions).length ? { platform_options: platformOptions } : {}),
        ...(media.ids.length || video.ids.length ? { media: [...media.ids, ...video.ids] } : {}),
        ...(trackLinks === undefined ? {} : { track_links: trackLinks }),
        ...(queued ? { queue: true } : when === 'later' ? { scheduled_for: scheduledFor ?? scheduledLocal } : {}),
        ...(repeat ? { repeat } : {}),
        ...(evergreen ? { evergreen: true } : {}),
      };
      const created = await api<CreatedPost>('POST', '/posts', { body, headers: { 'idempotency-key': draftKey } });
      setDraftKey(crypto.randomUUID());
      onCreated(created.post.scheduled_for ? `Post scheduled for ${localTime(created.post.scheduled_for)}.` : 'Post sent for publishing.');
    } catch (error) {
      const found = fieldErrors(error);
      // CONTENT_TOO_LONG names no field: put it beside the customised text that is too long, when content is not.
      const tooLong = Object.keys(platformContent).find((platform) => (platformContent[platform] ?? '').length > MAX_CONTENT_LENGTH);
      if (found.content && content.length <= MAX_CONTENT_LENGTH && tooLong) {
        found[`platform_content.${tooLong}`] = found.content;
        delete found.content;
      }
      setErrors(found);
    } finally {
      setBusy(false);
    }
  };

  const counterId = 'content-count';
  return (
    <form class="card compose" onSubmit={submit} noValidate>
      <Field id="content" label="Post text" error={errors.content}>
        {(describedBy, invalid) => (
          <textarea
            id="content"
            rows={8}
            value={content}
            aria-invalid={invalid}
            aria-describedby={[counterId, describedBy].filter(Boolean).join(' ')}
            onInput={(event) => setContent(event.currentTarget.value)}
          />
        )}
      </Field>
      <p id={counterId} class={`counter${length > MAX_CONTENT_LENGTH ? ' over' : ''}`} aria-live="polite">
        {length} / {MAX_CONTENT_LENGTH} characters{length > MAX_CONTENT_LENGTH ? ` (${length - MAX_CONTENT_LENGTH} too many)` : ''}
      </p>

      <fieldset aria-describedby={errors.platforms ? 'platforms-error' : undefined} aria-invalid={Boolean(errors.platforms)}>
        <legend>Platforms</legend>
        {VALID_PLATFORMS.map((platform) => (
          <label key={platform} class="check">
            <input
              type="checkbox"
              name="platforms"
              value={platform}
              checked={platforms.includes(platform)}
              onChange={(event) => toggle(platform, event.currentTarget.checked)}
            />
            {platformName(platform)}
            {connected && !connected.includes(platform) ? ' (not connected)' : ''}
          </label>
        ))}
        {errors.platforms && (
          <p id="platforms-error" class="field-error" role="alert">
            {errors.platforms}
          </p>
        )}
      </fieldset>

      {VALID_PLATFORMS.filter((platform) => platforms.includes(platform)).map((platform) => (
        <div key={platform} class="customise">
          <label class="check">
            <input
              type="checkbox"
              checked={custom[platform] !== undefined}
              onChange={(event) => customise(platform, event.currentTarget.checked)}
            />
            Customise for {platformName(platform)}
          </label>
          {custom[platform] !== undefined && (
            <Field
              id={`platform-content-${platform}`}
              label={`${platformName(platform)} text`}
              error={errors[`platform_content.${platform}`]}
            >
              {(describedBy, invalid) => (
                <textarea
                  id={`platform-content-${platform}`}
                  rows={5}
                  value={custom[platform]}
                  aria-invalid={invalid}
                  aria-describedby={describedBy}
                  onInput={(event) => setCustom((current) => ({ ...current, [platform]: event.currentTarget.value }))}
                />
              )}
            </Field>
          )}
          {platform === 'bluesky' ? (
            <BlueskyOptionsPanel
              value={options.bluesky ?? {}}
              onChange={(bluesky) => setOptions({ ...options, bluesky })}
              errors={errors}
            />
          ) : (
            <LinkedInOptionsPanel
              value={options.linkedin ?? {}}
              onChange={(linkedin) => setOptions({ ...options, linkedin })}
              errors={errors}
            />
          )}
        </div>
      ))}

      <MediaPicker onChange={setMedia} error={errors.media} />
      <VideoPicker onChange={setVideo} error={errors.video} />

      <PlatformPreview request={{ content, platforms, platform_content: previewContent }} />

      <SchedulePicker
        when={when}
        onWhen={setWhen}
        value={scheduledLocal}
        onValue={setScheduledLocal}
        scheduledFor={scheduledFor}
        error={errors.scheduled_for}
        timeZone={timeZoneName()}
      />
      <QueueToggle checked={queued} onChange={setQueued} />
      <TrackLinksToggle value={trackLinks} onChange={setTrackLinks} />
      <RepeatControl onChange={setRepeat} error={errors.repeat} />
      <label class="check evergreen-toggle">
        <input type="checkbox" checked={evergreen} onChange={(event) => setEvergreen(event.currentTarget.checked)} /> Evergreen: the queue
        may post it again later (Posting queue, recycling)
      </label>

      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      <button type="submit" disabled={busy}>
        {queued ? 'Add to queue' : when === 'later' ? 'Schedule post' : 'Publish now'}
      </button>
    </form>
  );
}
