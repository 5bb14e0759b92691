import { useState } from 'preact/hooks';
import { api, ApiError, type BatchResults, type ProfileList, type UsageResponse } from '../api';
import { Field, Notice } from '../components/field';
import { readCsvImport, type CsvRow } from '../csv-import';
import { localTime, platformName } from '../format';

/** How many rows are checked with the API at once. */
const CHECKS_AT_ONCE = 4;

type RowState =
  | { kind: 'checking' }
  | { kind: 'error'; message: string }
  | { kind: 'ready' }
  | { kind: 'created'; scheduledFor: string | null }
  | { kind: 'refused'; message: string };

interface CheckedRow extends CsvRow {
  state: RowState;
}

const errorMessage = (error: unknown): string =>
  error instanceof ApiError ? error.body.message : error instanceof Error ? error.message : String(error);

/**
 * Checks every row before anything is created: the row's own shape (POST /posts/preview validates it
 * as POST /posts would, up to the scheduled time), then the platforms against the connected
 * profiles and the count against this month's remaining posts. The creation itself is one
 * POST /posts/batch, whose answer per row is final (it may still refuse a row, e.g. the LinkedIn spacing).
 */
async function checkRows(rows: CsvRow[]): Promise<CheckedRow[]> {
  const [{ profiles }, { usage }] = await Promise.all([api<ProfileList>('GET', '/profiles'), api<UsageResponse>('GET', '/usage')]);
  const connected = new Set(profiles.map((profile) => profile.platform));
  const checked: CheckedRow[] = rows.map((row) => ({
    ...row,
    state: row.error ? { kind: 'error', message: row.error } : { kind: 'checking' },
  }));
  const pending = checked.filter((row) => row.state.kind === 'checking');
  const checkOne = async (row: CheckedRow) => {
    try {
      await api('POST', '/posts/preview', { body: row.body });
      const missing = (row.body.platforms as string[]).filter((platform) => !connected.has(platform as never));
      row.state = missing.length
        ? { kind: 'error', message: `No connected profile for: ${missing.map(platformName).join(', ')}` }
        : { kind: 'ready' };
    } catch (error) {
      row.state = { kind: 'error', message: errorMessage(error) };
    }
  };
  for (let start = 0; start < pending.length; start += CHECKS_AT_ONCE) {
    await Promise.all(pending.slice(start, start + CHECKS_AT_ONCE).map(checkOne));
  }
  let remaining = usage.remaining;
  for (const row of checked) {
    if (row.state.kind !== 'ready') continue;
    if (remaining > 0) remaining--;
    else row.state = { kind: 'error', message: `Over the monthly limit of ${usage.limit} posts (${usage.used} used this month)` };
  }
  return checked;
}

/** A time the browser can read in the owner's zone; anything else as written (the row's error says why). */
const whenText = (value: string): string => (Number.isNaN(Date.parse(value)) ? value : localTime(value));

const STATE_TEXT: Record<RowState['kind'], string> = {
  checking: 'Checking…',
  error: 'Error',
  ready: 'Ready',
  created: 'Created',
  refused: 'Refused',
};

/** Import posts from a CSV file: every row checked and shown with its error, then created in one batch after confirming. */
export function CsvImportPage() {
  const [rows, setRows] = useState<CheckedRow[] | undefined>();
  const [fileError, setFileError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | undefined>();
  // One idempotency-key per checked file: a double click or a retry after a network error creates the posts once.
  const [importKey, setImportKey] = useState(() => crypto.randomUUID());

  const load = async (text: string) => {
    setRows(undefined);
    setDone(undefined);
    setFileError(undefined);
    setImportKey(crypto.randomUUID());
    const read = readCsvImport(text);
    if ('error' in read) {
      setFileError(read.error);
      return;
    }
    setBusy(true);
    try {
      setRows(await checkRows(read.rows));
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const ready = rows?.filter((row) => row.state.kind === 'ready') ?? [];
  const create = async () => {
    if (!rows || !ready.length) return;
    setBusy(true);
    try {
      const { results } = await api<BatchResults>('POST', '/posts/batch', {
        body: { posts: ready.map((row) => row.body) },
        headers: { 'idempotency-key': importKey },
      });
      const outcome = new Map(ready.map((row, index) => [row, results[index]]));
      setRows(
        rows.map((row) => {
          const result = outcome.get(row);
          if (!result) return row;
          return {
            ...row,
            state:
              'post' in result
                ? { kind: 'created', scheduledFor: result.post.scheduled_for }
                : { kind: 'refused', message: result.error.message },
          };
        }),
      );
      const created = results.filter((result) => 'post' in result).length;
      setDone(`${created} of ${ready.length} posts created.`);
    } catch (error) {
      setFileError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const count = (kind: RowState['kind']) => rows?.filter((row) => row.state.kind === kind).length ?? 0;
  const errors = count('error');
  const creatable = !done && ready.length > 0;
  return (
    <section class="card csv-import">
      <Field
        id="csv-file"
        label="CSV file"
        help={
          <>
            A header row with the columns <code>content</code>, <code>platforms</code> (separated by <code>|</code>, e.g.{' '}
            <code>linkedin|bluesky</code>) and optionally <code>scheduled_for</code> (ISO 8601 with a zone, or a local time like{' '}
            <code>2026-12-01 09:30</code>) or <code>queue</code> (<code>true</code>). At most 100 rows. Nothing is created until you
            confirm.
          </>
        }
        error={fileError}
      >
        {(describedBy, invalid) => (
          <input
            id="csv-file"
            type="file"
            accept=".csv,text/csv"
            aria-describedby={describedBy}
            aria-invalid={invalid}
            disabled={busy}
            onChange={async (event) => {
              const file = event.currentTarget.files?.[0];
              if (file) await load(await file.text());
            }}
          />
        )}
      </Field>

      {busy && !rows && <p role="status">Checking the rows…</p>}
      {rows && (
        <>
          <p role="status" data-testid="csv-summary">
            {rows.length} rows: {done ? `${count('created')} created, ${count('refused')} refused` : `${ready.length} ready`}, {errors} with
            an error{errors === 1 ? '' : 's'}.
          </p>
          <div class="table-scroll">
            <table class="deliveries" data-testid="csv-rows">
              <caption>Rows of the file, as they will be created</caption>
              <thead>
                <tr>
                  <th scope="col">Line</th>
                  <th scope="col">Content</th>
                  <th scope="col">Platforms</th>
                  <th scope="col">When</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.line} data-line={row.line} data-state={row.state.kind}>
                    <td>{row.line}</td>
                    <td>{String(row.body.content ?? '').slice(0, 80)}</td>
                    <td>{[...new Set((row.body.platforms as string[] | undefined) ?? [])].map(platformName).join(', ')}</td>
                    <td>
                      {row.body.queue
                        ? 'Next queue slot'
                        : typeof row.body.scheduled_for === 'string'
                          ? whenText(row.body.scheduled_for)
                          : 'Now'}
                    </td>
                    <td>
                      <strong>{STATE_TEXT[row.state.kind]}</strong>
                      {row.state.kind === 'created' && row.state.scheduledFor && <> for {localTime(row.state.scheduledFor)}</>}
                      {(row.state.kind === 'error' || row.state.kind === 'refused') && (
                        <span class="field-error" data-testid="row-error">
                          {' '}
                          {row.state.message}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {creatable && (
            <p>
              <button type="button" disabled={busy} onClick={create}>
                Create {ready.length} {ready.length === 1 ? 'post' : 'posts'}
              </button>{' '}
              {errors > 0 && <span class="help">The rows with an error are left out; fix them in the file and import it again.</span>}
            </p>
          )}
          {done && <Notice kind="success">{done}</Notice>}
        </>
      )}
    </section>
  );
}
