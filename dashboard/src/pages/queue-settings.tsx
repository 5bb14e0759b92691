import { WEEKDAYS, type QueueSlot, type Weekday } from '#shared/domain/queue-schedule';
import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { api } from '../api';
import { Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime, timeZoneName } from '../format';

export type QueueResponse = components['schemas']['QueueResponse'];
export type QueueView = NonNullable<QueueResponse['queue']>;

export const DAY_NAMES: Record<Weekday, string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const zones = (): string[] => {
  try {
    return (Intl as unknown as { supportedValuesOf(key: string): string[] }).supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

const sorted = (slots: QueueSlot[]) =>
  [...slots].sort((a, b) => WEEKDAYS.indexOf(a.day) - WEEKDAYS.indexOf(b.day) || a.time.localeCompare(b.time));

/**
 * The posting schedule (docs/api.md, "Posting queue"): a time zone and weekly slots on a week
 * grid (one column per day). Add a slot with the day and time fields, remove one with its ×;
 * Save sends the whole schedule. The next free slots are listed in the browser's time zone.
 */
export function QueueSettingsPage() {
  const [timezone, setTimezone] = useState(timeZoneName());
  const [slots, setSlots] = useState<QueueSlot[]>([]);
  const [nextSlots, setNextSlots] = useState<string[]>([]);
  const [day, setDay] = useState<Weekday>('mon');
  const [time, setTime] = useState('09:00');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<string | undefined>();
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (queue: QueueView | null) => {
    if (queue) {
      setTimezone(queue.timezone);
      setSlots(queue.slots as QueueSlot[]);
      setNextSlots(queue.next_slots);
    }
    setLoaded(true);
  };
  useEffect(() => {
    api<QueueResponse>('GET', '/queue').then(
      ({ queue }) => show(queue),
      (error) => setErrors(fieldErrors(error)),
    );
  }, []);

  const addSlot = () => {
    setSaved(undefined);
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      setErrors({ slots: 'Give the time as HH:MM.' });
      return;
    }
    setErrors({});
    if (!slots.some((slot) => slot.day === day && slot.time === time)) setSlots(sorted([...slots, { day, time }]));
  };
  const removeSlot = (gone: QueueSlot) => {
    setSaved(undefined);
    setSlots(slots.filter((slot) => slot !== gone));
  };
  const save = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setSaved(undefined);
    try {
      const { queue } = await api<QueueResponse>('PUT', '/queue', { body: { timezone, slots } });
      show(queue);
      setSaved('Posting schedule saved.');
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  if (!loaded && !errors.form) return <p role="status">Loading…</p>;
  return (
    <form class="card queue-settings" onSubmit={save} noValidate>
      <p class="help">
        Posts added to the queue take the first free slot at least a minute ahead. Changing the schedule leaves posts already queued where
        they are.
      </p>
      <Field id="queue-timezone" label="Time zone" error={errors.timezone} help="The slots are wall-clock times in this zone.">
        {(describedBy, invalid) => (
          <>
            <input
              id="queue-timezone"
              list="queue-timezones"
              value={timezone}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onInput={(event) => setTimezone(event.currentTarget.value)}
            />
            <datalist id="queue-timezones">
              {zones().map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </>
        )}
      </Field>

      <fieldset class="queue-add">
        <legend>Add a slot</legend>
        <label>
          Day{' '}
          <select id="queue-day" value={day} onChange={(event) => setDay(event.currentTarget.value as Weekday)}>
            {WEEKDAYS.map((name) => (
              <option key={name} value={name}>
                {DAY_NAMES[name]}
              </option>
            ))}
          </select>
        </label>{' '}
        <label>
          Time <input id="queue-time" type="time" value={time} onInput={(event) => setTime(event.currentTarget.value)} />
        </label>{' '}
        <button type="button" class="secondary" onClick={addSlot}>
          Add slot
        </button>
      </fieldset>

      <div class="week-grid" role="group" aria-label="Weekly slots" aria-describedby={errors.slots ? 'slots-error' : undefined}>
        {WEEKDAYS.map((name) => (
          <section key={name} class="week-day" data-day={name} aria-label={DAY_NAMES[name]}>
            <h3>{DAY_NAMES[name].slice(0, 3)}</h3>
            <ul>
              {slots
                .filter((slot) => slot.day === name)
                .map((slot) => (
                  <li key={slot.time} class="slot" data-slot={`${slot.day} ${slot.time}`}>
                    <span>{slot.time}</span>{' '}
                    <button
                      type="button"
                      class="link"
                      aria-label={`Remove ${DAY_NAMES[name]} ${slot.time}`}
                      onClick={() => removeSlot(slot)}
                    >
                      ×
                    </button>
                  </li>
                ))}
            </ul>
          </section>
        ))}
      </div>
      {errors.slots && (
        <p id="slots-error" class="field-error" role="alert">
          {errors.slots}
        </p>
      )}
      <p class="help">{slots.length} of 50 slots.</p>

      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {saved && <Notice kind="success">{saved}</Notice>}
      <button type="submit" disabled={busy}>
        Save schedule
      </button>

      {nextSlots.length > 0 && (
        <section class="next-slots">
          <h2>Next free slots</h2>
          <ol data-testid="next-slots">
            {nextSlots.map((slot) => (
              <li key={slot}>
                <time dateTime={slot}>{localTime(slot)}</time>
              </li>
            ))}
          </ol>
        </section>
      )}
    </form>
  );
}
