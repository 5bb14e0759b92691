import { Field } from '../components/field';
import { isoToLocalInput, localTime } from '../format';

interface SchedulePickerProps {
  when: 'now' | 'later';
  onWhen: (when: 'now' | 'later') => void;
  /** The datetime-local value: the owner's local time. */
  value: string;
  onValue: (value: string) => void;
  /** The same instant in UTC, as it will be sent (undefined while incomplete). */
  scheduledFor?: string;
  error?: string;
  timeZone: string;
  /** Prefixes the ids and the radio group's name, for pickers beside each other (one per post edited). */
  idPrefix?: string;
}

/** Now, or a local date and time shown beside its UTC value (what the API stores). */
export function SchedulePicker({ when, onWhen, value, onValue, scheduledFor, error, timeZone, idPrefix = '' }: SchedulePickerProps) {
  const pickLater = () => {
    onWhen('later');
    // Start from an hour ahead, on the minute: comfortably past the 1-minute minimum.
    if (!value) onValue(isoToLocalInput(new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 3_600_000).toISOString()));
  };
  return (
    <fieldset>
      <legend>When</legend>
      <label class="check">
        <input type="radio" name={`${idPrefix}when`} value="now" checked={when === 'now'} onChange={() => onWhen('now')} /> Publish now
      </label>
      <label class="check">
        <input type="radio" name={`${idPrefix}when`} value="later" checked={when === 'later'} onChange={pickLater} /> Schedule
      </label>
      {when === 'later' && (
        <Field
          id={`${idPrefix}scheduled-for`}
          label={`Date and time (your time zone, ${timeZone})`}
          error={error}
          help="At least 1 minute and at most 365 days ahead."
        >
          {(describedBy, invalid) => (
            <input
              id={`${idPrefix}scheduled-for`}
              type="datetime-local"
              step={1}
              value={value}
              aria-invalid={invalid}
              aria-describedby={[describedBy, `${idPrefix}scheduled-utc`].filter(Boolean).join(' ')}
              onInput={(event) => onValue(event.currentTarget.value)}
            />
          )}
        </Field>
      )}
      {when === 'later' && (
        <p id={`${idPrefix}scheduled-utc`} class="schedule-times" data-testid="schedule-times">
          {scheduledFor ? (
            <>
              Local: {localTime(scheduledFor)} · UTC: <code>{scheduledFor}</code>
            </>
          ) : (
            'Pick a date and time.'
          )}
        </p>
      )}
    </fieldset>
  );
}
