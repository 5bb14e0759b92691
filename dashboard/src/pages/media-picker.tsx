import { useEffect, useRef, useState } from 'preact/hooks';
import { api, ApiError, browserUploadHeaders, type CreatedMedia, type MediaResponse } from '../api';

/**
 * Up to four images with alt text for the compose page. A picked image shows its thumbnail and
 * an alt-text field; "Upload" declares it with that text (POST /media), sends the file straight
 * to its upload URL with a progress bar, then completes it (the service checks and prepares it).
 * The parent gets the ids of the ready images in order.
 */
export const MAX_IMAGES = 4;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];

interface Attached {
  key: string;
  file: File;
  preview: string;
  alt: string;
  state: 'describing' | 'uploading' | 'processing' | 'ready' | 'failed';
  progress: number;
  id?: string;
  error?: string;
}

export interface MediaSelection {
  /** The ready images, in the order they were added. */
  ids: string[];
  /** An image is not ready yet (not uploaded, uploading, checking, or failed): the post must wait for it. */
  busy: boolean;
}

export function MediaPicker({ onChange, error }: { onChange: (selection: MediaSelection) => void; error?: string }) {
  const [items, setItems] = useState<Attached[]>([]);
  const [pickError, setPickError] = useState<string | undefined>();
  const latest = useRef(items);
  latest.current = items;

  useEffect(() => {
    onChange({
      ids: items.filter((item) => item.state === 'ready' && item.id).map((item) => item.id as string),
      busy: items.some((item) => item.state !== 'ready'),
    });
  }, [items]);
  // Object URLs hold the files in memory until revoked.
  useEffect(() => () => latest.current.forEach((item) => URL.revokeObjectURL(item.preview)), []);

  const update = (key: string, change: Partial<Attached>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const upload = async (item: Attached) => {
    update(item.key, { state: 'uploading', progress: 0, error: undefined });
    try {
      const created = await api<CreatedMedia>('POST', '/media', {
        body: { content_type: item.file.type, size_bytes: item.file.size, ...(item.alt ? { alt_text: item.alt } : {}) },
        headers: { 'idempotency-key': item.key },
      });
      await put(created.upload, item.file, (fraction) => update(item.key, { progress: fraction }));
      update(item.key, { state: 'processing', progress: 1 });
      const completed = await api<MediaResponse>('POST', `/media/${created.media.id}/complete`);
      update(item.key, { state: 'ready', id: completed.media.id });
    } catch (failure) {
      update(item.key, {
        state: 'failed',
        error: failure instanceof ApiError ? failure.message : 'The upload failed; remove the image and try again.',
      });
    }
  };

  const pick = (files: FileList | null) => {
    setPickError(undefined);
    const chosen = [...(files ?? [])];
    const room = MAX_IMAGES - items.length;
    if (chosen.length > room) setPickError(`A post takes at most ${MAX_IMAGES} images; ${chosen.length - Math.max(room, 0)} not added.`);
    const added = chosen.slice(0, Math.max(room, 0)).flatMap((file): Attached[] => {
      if (!TYPES.includes(file.type)) {
        setPickError(`${file.name}: only JPEG, PNG and WebP images can be attached.`);
        return [];
      }
      return [{ key: crypto.randomUUID(), file, preview: URL.createObjectURL(file), alt: '', state: 'describing', progress: 0 }];
    });
    setItems((current) => [...current, ...added]);
  };

  const remove = (key: string) =>
    setItems((current) => {
      const gone = current.find((item) => item.key === key);
      if (gone) URL.revokeObjectURL(gone.preview);
      return current.filter((item) => item.key !== key);
    });

  return (
    <fieldset class="media-picker" aria-describedby={error || pickError ? 'media-error' : undefined}>
      <legend>Images</legend>
      <p class="help">Up to {MAX_IMAGES} JPEG, PNG or WebP images. Describe each one for people who cannot see it.</p>
      <ul class="media-list">
        {items.map((item, index) => (
          <li key={item.key} class={`media-item ${item.state}`} data-testid="media-item">
            <img src={item.preview} alt="" width={96} height={96} />
            <div class="media-details">
              <label for={`alt-${item.key}`}>Alt text for image {index + 1}</label>
              {/* The alt text is part of the declaration: it can be changed until the upload starts. */}
              <textarea
                id={`alt-${item.key}`}
                rows={2}
                maxLength={1000}
                value={item.alt}
                disabled={item.state !== 'describing' && item.state !== 'failed'}
                onInput={(event) => update(item.key, { alt: event.currentTarget.value })}
              />
              {item.state === 'uploading' && <progress max={1} value={item.progress} aria-label={`Uploading image ${index + 1}`} />}
              <p class="media-state" aria-live="polite">
                {item.state === 'describing'
                  ? 'Not uploaded yet'
                  : item.state === 'uploading'
                    ? `Uploading… ${Math.round(item.progress * 100)} %`
                    : item.state === 'processing'
                      ? 'Checking the image…'
                      : item.state === 'ready'
                        ? 'Ready'
                        : item.error}
              </p>
              {(item.state === 'describing' || item.state === 'failed') && (
                <button type="button" onClick={() => void upload(item)}>
                  Upload image {index + 1}
                </button>
              )}
              <button type="button" class="secondary" onClick={() => remove(item.key)}>
                Remove image {index + 1}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {items.length < MAX_IMAGES && (
        <label class="button secondary file-button">
          Add images
          <input
            type="file"
            accept={TYPES.join(',')}
            multiple
            class="visually-hidden"
            onChange={(event) => {
              pick(event.currentTarget.files);
              event.currentTarget.value = '';
            }}
          />
        </label>
      )}
      {(error || pickError) && (
        <p id="media-error" class="field-error" role="alert">
          {pickError ?? error}
        </p>
      )}
    </fieldset>
  );
}

/** PUT to a presigned URL with upload progress (fetch reports none), exactly the headers given. */
export const putWithProgress = (...args: Parameters<typeof put>) => put(...args);

function put(
  target: { url: string; method: 'PUT'; headers: Record<string, string> },
  file: File,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(target.method, target.url);
    // content-length is set by the browser itself (a forbidden header name) from the body.
    Object.entries(browserUploadHeaders(target.headers)).forEach(([name, value]) => request.setRequestHeader(name, value));
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(event.loaded / event.total);
    request.onload = () =>
      request.status >= 200 && request.status < 300 ? resolve() : reject(new Error(`upload answered ${request.status}`));
    request.onerror = () => reject(new Error('upload failed'));
    request.send(file);
  });
}
