import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, type CreatedMedia, type MediaResponse } from '../api';
import { putWithProgress, type MediaSelection } from './media-picker';

/**
 * One video with alt text for the compose page (docs/api.md, "Video"). A picked MP4 shows a
 * poster frame drawn by the browser (a <video> seeked a little into the clip, copied onto a
 * canvas: nothing is sent for it) and an alt-text field; "Upload video" declares it with that
 * text, sends the file straight to its upload URL with a progress bar, then completes it (the
 * service reads its codec, length and size). The parent gets the ready video's id.
 */
const MAX_VIDEO_BYTES = 100_000_000;

interface Picked {
  key: string;
  file: File;
  poster?: string;
  alt: string;
  state: 'describing' | 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  id?: string;
  error?: string;
}

export function VideoPicker({ onChange, error }: { onChange: (selection: MediaSelection) => void; error?: string }) {
  const [video, setVideo] = useState<Picked | undefined>();
  const [pickError, setPickError] = useState<string | undefined>();
  const current = useRef(video);
  current.current = video;

  useEffect(() => {
    onChange({ ids: video?.state === 'ready' && video.id ? [video.id] : [], busy: video !== undefined && video.state !== 'ready' });
  }, [video]);

  const update = (key: string, change: Partial<Picked>) => setVideo((now) => (now && now.key === key ? { ...now, ...change } : now));

  const pick = (file: File | undefined) => {
    setPickError(undefined);
    if (!file) return;
    if (file.type !== 'video/mp4') return setPickError(`${file.name}: only MP4 videos (H.264) can be attached.`);
    if (file.size > MAX_VIDEO_BYTES) return setPickError(`${file.name}: a video is at most 100 MB.`);
    const picked: Picked = { key: crypto.randomUUID(), file, alt: '', state: 'describing', progress: 0 };
    setVideo(picked);
    void posterFrame(file).then(
      (poster) => update(picked.key, { poster }),
      () => undefined, // No frame (a codec this browser cannot play): the upload still works.
    );
  };

  const upload = async (item: Picked) => {
    update(item.key, { state: 'uploading', progress: 0, error: undefined });
    try {
      const created = await api<CreatedMedia>('POST', '/media', {
        body: { content_type: 'video/mp4', size_bytes: item.file.size, ...(item.alt ? { alt_text: item.alt } : {}) },
        headers: { 'idempotency-key': item.key },
      });
      await putWithProgress(created.upload, item.file, (fraction) => update(item.key, { progress: fraction }));
      update(item.key, { state: 'processing', progress: 1 });
      const completed = await api<MediaResponse>('POST', `/media/${created.media.id}/complete`);
      update(item.key, { state: 'ready', id: completed.media.id });
    } catch (failure) {
      update(item.key, {
        state: 'failed',
        error: failure instanceof ApiError ? failure.message : 'The upload failed; remove the video and try again.',
      });
    }
  };

  return (
    <fieldset class="media-picker video-picker" aria-describedby={error || pickError ? 'video-error' : undefined}>
      <legend>Video</legend>
      <p class="help">One H.264 MP4, at most 100 MB and 3 minutes, instead of images. Describe it for people who cannot see it.</p>
      {video && (
        <div class={`media-item ${video.state}`} data-testid="video-item">
          {video.poster ? (
            <img src={video.poster} alt="" width={96} height={96} data-testid="video-poster" />
          ) : (
            <span class="poster-pending" />
          )}
          <div class="media-details">
            <label for={`alt-${video.key}`}>Alt text for the video</label>
            <textarea
              id={`alt-${video.key}`}
              rows={2}
              maxLength={1000}
              value={video.alt}
              disabled={video.state !== 'describing' && video.state !== 'failed'}
              onInput={(event) => update(video.key, { alt: event.currentTarget.value })}
            />
            {video.state === 'uploading' && <progress max={1} value={video.progress} aria-label="Uploading the video" />}
            <p class="media-state" aria-live="polite">
              {video.state === 'describing'
                ? 'Not uploaded yet'
                : video.state === 'uploading'
                  ? `Uploading… ${Math.round(video.progress * 100)} %`
                  : video.state === 'processing'
                    ? 'Checking the video…'
                    : video.state === 'ready'
                      ? 'Ready'
                      : video.error}
            </p>
            {(video.state === 'describing' || video.state === 'failed') && (
              <button type="button" onClick={() => void upload(video)}>
                Upload video
              </button>
            )}
            <button type="button" class="secondary" onClick={() => setVideo(undefined)}>
              Remove video
            </button>
          </div>
        </div>
      )}
      {!video && (
        <label class="button secondary file-button">
          Attach a video
          <input
            type="file"
            accept="video/mp4"
            class="visually-hidden"
            onChange={(event) => {
              pick(event.currentTarget.files?.[0]);
              event.currentTarget.value = '';
            }}
          />
        </label>
      )}
      {(error || pickError) && (
        <p id="video-error" class="field-error" role="alert">
          {pickError ?? error}
        </p>
      )}
    </fieldset>
  );
}

/** A frame a little into the clip, as a JPEG data URL, drawn by the browser itself. */
function posterFrame(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const element = document.createElement('video');
    element.muted = true;
    element.preload = 'auto';
    const done = (result: () => void) => {
      URL.revokeObjectURL(url);
      result();
    };
    element.onerror = () => done(() => reject(new Error('the browser cannot read this video')));
    element.onloadeddata = () => {
      element.currentTime = Math.min(0.5, (element.duration || 1) / 2);
    };
    element.onseeked = () => {
      const canvas = document.createElement('canvas');
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      canvas.getContext('2d')?.drawImage(element, 0, 0);
      done(() => resolve(canvas.toDataURL('image/jpeg', 0.8)));
    };
    element.src = url;
  });
}
