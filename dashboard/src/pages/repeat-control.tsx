import { useEffect, useState } from 'preact/hooks';
import type { components } from '../../../client/src/schema.gen';
import { Field } from '../components/field';
import { localInputToIso } from '../format';

export type RepeatRequest = NonNullable<components['schemas']['DraftRepeat']>;
type Unit = 'days' | 'weeks' | 'months';

/**
 * Compose's repeat control (docs/api.md, "Repeating posts (series)"): every n days, weeks or months,
 * ending after a count or at a date, with optional variations used in turn after the post's own
 * text. It hands the `repeat` body (or undefined when off) to the form; the API checks the rest
 * and its INVALID_FIELD `repeat` is shown here.
 */
export function RepeatControl({ onChange, error }: { onChange: (repeat: RepeatRequest | undefined) => void; error?: string }) {
  const [on, setOn] = useState(false);
  const [n, setN] = useState(1);
  const [unit, setUnit] = useState<Unit>('weeks');
  const [end, setEnd] = useState<'count' | 'until'>('count');
  const [count, setCount] = useState(4);
  const [untilLocal, setUntilLocal] = useState('');
  const [variations, setVariations] = useState<string[]>([]);

  useEffect(() => {
    if (!on) return onChange(undefined);
    const texts = variations.filter((text) => text.trim() !== '');
    onChange({
      every: { [unit]: n } as RepeatRequest['every'],
      ...(end === 'count' ? { count } : { until: localInputToIso(untilLocal) ?? untilLocal }),
      ...(texts.length ? { variations: texts } : {}),
    });
  }, [on, n, unit, end, count, untilLocal, variations]);

  return (
    <fieldset class="repeat-control" aria-describedby={error ? 'repeat-error' : undefined} aria-invalid={Boolean(error)}>
      <legend>Repeat</legend>
      <label class="check">
        <input type="checkbox" checked={on} onChange={(event) => setOn(event.currentTarget.checked)} /> Repeat this post
      </label>
      {on && (
        <>
          <div class="repeat-every">
            <label for="repeat-n">Every</label>
            <input id="repeat-n" type="number" min={1} value={n} onInput={(event) => setN(Number(event.currentTarget.value))} />
            <select aria-label="Unit" value={unit} onChange={(event) => setUnit(event.currentTarget.value as Unit)}>
              <option value="days">days</option>
              <option value="weeks">weeks</option>
              <option value="months">months</option>
            </select>
          </div>
          <label class="check">
            <input type="radio" name="repeat-end" checked={end === 'count'} onChange={() => setEnd('count')} /> Stop after
            <input
              aria-label="Number of posts in all"
              type="number"
              min={1}
              max={100}
              value={count}
              onInput={(event) => setCount(Number(event.currentTarget.value))}
            />
            posts in all
          </label>
          <label class="check">
            <input type="radio" name="repeat-end" checked={end === 'until'} onChange={() => setEnd('until')} /> Until
            <input
              aria-label="Last date"
              type="datetime-local"
              value={untilLocal}
              disabled={end !== 'until'}
              onInput={(event) => setUntilLocal(event.currentTarget.value)}
            />
          </label>
          {variations.map((text, index) => (
            <Field key={index} id={`variation-${index}`} label={`Variation ${index + 1}`}>
              {(describedBy) => (
                <textarea
                  id={`variation-${index}`}
                  rows={3}
                  value={text}
                  aria-describedby={describedBy}
                  onInput={(event) => {
                    const value = event.currentTarget.value;
                    setVariations((current) => current.map((item, at) => (at === index ? value : item)));
                  }}
                />
              )}
            </Field>
          ))}
          {variations.length < 10 && (
            <button type="button" class="secondary" onClick={() => setVariations((current) => [...current, ''])}>
              Add a variation
            </button>
          )}
          <p class="help">The post's own text goes first, then each variation in turn.</p>
        </>
      )}
      {error && (
        <p id="repeat-error" class="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
