import { useEffect, useState } from 'preact/hooks';
import { api } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import type { QueueResponse } from './queue-settings';

/**
 * The queue's evergreen recycling (docs/api.md, "Evergreen recycling"), below the schedule: on or off
 * and the minimum gap in days. Saved with PUT /queue and the schedule as it is stored.
 */
export function RecycleSettings() {
  const [queue, setQueue] = useState<QueueResponse['queue'] | undefined>();
  const [on, setOn] = useState(false);
  const [gap, setGap] = useState(30);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const show = (current: QueueResponse['queue']) => {
    setQueue(current);
    if (current?.recycle) {
      setOn(current.recycle.when_empty);
      setGap(current.recycle.min_gap_days);
    }
  };
  useEffect(() => {
    api<QueueResponse>('GET', '/queue').then(
      ({ queue: current }) => show(current),
      (error) => setErrors(fieldErrors(error)),
    );
  }, []);
  const save = async (event: Event) => {
    event.preventDefault();
    if (!queue) return;
    setErrors({});
    setSaved(false);
    try {
      // The schedule as stored now (it may have been saved above since this form loaded), with the new setting.
      const current = (await api<QueueResponse>('GET', '/queue')).queue ?? queue;
      const body = { timezone: current.timezone, slots: current.slots, recycle: { when_empty: on, min_gap_days: gap } };
      show((await api<QueueResponse>('PUT', '/queue', { body })).queue);
      setSaved(true);
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };
  if (queue === undefined) return null;
  return (
    <form class="card recycle-settings" onSubmit={save} noValidate>
      <h2>Evergreen recycling</h2>
      {queue === null ? (
        <p>Save a schedule first (then reload): recycling fills its free slots.</p>
      ) : (
        <>
          <label class="check">
            <input type="checkbox" checked={on} onChange={(event) => setOn(event.currentTarget.checked)} /> When tomorrow has a free slot
            and nothing scheduled, queue the evergreen post published longest ago
          </label>
          <Field id="recycle-gap" label="Never again within (days, at least 7)" error={errors.recycle}>
            {(describedBy, invalid) => (
              <input
                id="recycle-gap"
                type="number"
                min={7}
                value={gap}
                aria-invalid={invalid}
                aria-describedby={describedBy}
                onInput={(event) => setGap(Number(event.currentTarget.value))}
              />
            )}
          </Field>
          {errors.form && <Notice kind="error">{errors.form}</Notice>}
          {saved && <Notice kind="success">Recycling saved.</Notice>}
          <button type="submit">Save recycling</button>
        </>
      )}
    </form>
  );
}
