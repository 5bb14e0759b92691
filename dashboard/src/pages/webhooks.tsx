import { useEffect, useState } from 'preact/hooks';
import {
  api,
  type CreatedWebhook,
  type Delivery,
  type DeliveryPage,
  type RotatedWebhookSecret,
  type Webhook,
  type WebhookList,
} from '../api';
import { ConfirmButton, Field, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime } from '../format';

const EVENTS: [string, string][] = [
  ['post.published', 'A post went out everywhere'],
  ['post.partially_published', 'A post went out on some platforms only'],
  ['post.failed', 'A post went out nowhere'],
  ['profile.needs_reconnect', 'A profile must be connected again'],
  ['profile.expiring', 'A LinkedIn connection expires within 7 days'],
];

/** Webhook endpoints: add one (its signing secret shown this once), send a test event, rotate its secret, see recent deliveries, delete. */
export function WebhooksPage() {
  const [webhooks, setWebhooks] = useState<Webhook[] | undefined>();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>(EVENTS.map(([type]) => type));
  const [description, setDescription] = useState('');
  const [created, setCreated] = useState<CreatedWebhook | undefined>();
  // Set when `created` holds a rotated secret rather than a new endpoint's.
  const [rotated, setRotated] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const load = () =>
    api<WebhookList>('GET', '/webhooks').then(
      ({ webhooks: list }) => setWebhooks(list),
      (error) => setErrors(fieldErrors(error)),
    );
  useEffect(() => void load(), []);

  const create = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setNotice(undefined);
    try {
      const body = { url: url.trim(), events, ...(description.trim() ? { description: description.trim() } : {}) };
      setCreated(await api<CreatedWebhook>('POST', '/webhooks', { body }));
      setRotated(false);
      setUrl('');
      setDescription('');
      await load();
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const toggle = (type: string, on: boolean) => setEvents((current) => (on ? [...current, type] : current.filter((item) => item !== type)));

  return (
    <>
      <p>
        Events are POSTed to your URL as{' '}
        <a href="https://www.standardwebhooks.com/" rel="noopener noreferrer" target="_blank">
          Standard Webhooks
        </a>
        : verify each one with the signing secret, answer 2xx within 10 seconds, and deduplicate on the <code>webhook-id</code> header.
        Failed deliveries are retried for about 27 hours.
      </p>
      {created && (
        <section class="card new-key" aria-labelledby="new-secret-title">
          <h2 id="new-secret-title">
            {rotated ? 'New signing secret' : 'Signing secret'} of {created.webhook.url}
          </h2>
          <p class="warning">
            <strong>Copy it now: you will not see it again.</strong> It is stored encrypted.
            {rotated && ' For 24 hours deliveries are signed with the old secret too, so switch your receiver over within a day.'}
          </p>
          <div class="secret">
            <code data-testid="new-webhook-secret">{created.secret}</code>
          </div>
          <button type="button" class="link" onClick={() => setCreated(undefined)}>
            I have stored it; hide the secret
          </button>
        </section>
      )}
      <form class="card" onSubmit={create} noValidate>
        <h2>Add an endpoint</h2>
        <Field
          id="webhook-url"
          label="URL"
          error={errors.url}
          help="https://… of a server that answers on the internet (at most 20 endpoints)."
        >
          {(describedBy, invalid) => (
            <input
              id="webhook-url"
              type="url"
              inputMode="url"
              maxLength={2048}
              value={url}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => setUrl(event.currentTarget.value)}
            />
          )}
        </Field>
        <fieldset class={`field${errors.events ? ' has-error' : ''}`}>
          <legend>Events</legend>
          {EVENTS.map(([type, label]) => (
            <label key={type} class="check">
              <input type="checkbox" checked={events.includes(type)} onChange={(event) => toggle(type, event.currentTarget.checked)} />{' '}
              <code>{type}</code> · {label}
            </label>
          ))}
          {errors.events && (
            <p class="field-error" role="alert">
              {errors.events}
            </p>
          )}
        </fieldset>
        <Field id="webhook-description" label="Description (optional)" error={errors.description}>
          {(describedBy, invalid) => (
            <input
              id="webhook-description"
              maxLength={200}
              value={description}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onInput={(event) => setDescription(event.currentTarget.value)}
            />
          )}
        </Field>
        {errors.form && <Notice kind="error">{errors.form}</Notice>}
        <button type="submit" disabled={busy}>
          Add endpoint
        </button>
      </form>
      {notice && <Notice kind="info">{notice}</Notice>}
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Your endpoints</h2>
        {webhooks === undefined ? (
          <p role="status">Loading…</p>
        ) : webhooks.length === 0 ? (
          <p>No endpoints yet.</p>
        ) : (
          <ul class="items">
            {webhooks.map((webhook) => (
              <WebhookItem
                key={webhook.id}
                webhook={webhook}
                onChanged={(message) => {
                  setNotice(message);
                  void load();
                }}
                onError={setErrors}
                onRotated={(result) => {
                  setCreated(result);
                  setRotated(true);
                }}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

const STATUS_TEXT: Record<Delivery['status'], string> = { succeeded: 'Delivered', failed: 'Failed', pending: 'Pending' };

function WebhookItem({
  webhook,
  onChanged,
  onError,
  onRotated,
}: {
  webhook: Webhook;
  onChanged: (message: string) => void;
  onError: (errors: FieldErrors) => void;
  onRotated: (result: RotatedWebhookSecret) => void;
}) {
  const [deliveries, setDeliveries] = useState<Delivery[] | undefined>();
  const [open, setOpen] = useState(false);
  // One idempotency-key per rotation: a double click, or a retry after a lost answer, rotates once and shows the same secret.
  const [rotationKey, setRotationKey] = useState(() => crypto.randomUUID());

  const refresh = async () => setDeliveries((await api<DeliveryPage>('GET', `/webhooks/${webhook.id}/deliveries?limit=20`)).deliveries);
  const show = async () => {
    setOpen(true);
    await refresh().catch((error: unknown) => onError(fieldErrors(error)));
  };
  const test = async () => {
    try {
      await api('POST', `/webhooks/${webhook.id}/test`);
      onChanged(`Test event sent to ${webhook.url}.`);
      // Its first attempt takes a moment: show it as it lands.
      setTimeout(() => void show(), 1500);
    } catch (error) {
      onError(fieldErrors(error));
    }
  };
  const rotate = async () => {
    try {
      onRotated(
        await api<RotatedWebhookSecret>('POST', `/webhooks/${webhook.id}/rotate-secret`, { headers: { 'idempotency-key': rotationKey } }),
      );
      setRotationKey(crypto.randomUUID());
    } catch (error) {
      onError(fieldErrors(error));
    }
  };
  const remove = async () => {
    try {
      await api('DELETE', `/webhooks/${webhook.id}`);
      onChanged(`Endpoint ${webhook.url} deleted.`);
    } catch (error) {
      onError(fieldErrors(error));
    }
  };

  return (
    <li class="card item" data-testid="webhook-item">
      <h3 class="webhook-url">{webhook.url}</h3>
      <dl>
        {webhook.description && (
          <>
            <dt>Description</dt>
            <dd>{webhook.description}</dd>
          </>
        )}
        <dt>Events</dt>
        <dd>{webhook.events.join(', ')}</dd>
        <dt>Added</dt>
        <dd>{localTime(webhook.created_at)}</dd>
      </dl>
      <div class="actions">
        <button type="button" class="secondary" onClick={test}>
          Send test event
        </button>
        <button type="button" class="secondary" onClick={() => (open ? setOpen(false) : void show())} aria-expanded={open}>
          {open ? 'Hide deliveries' : 'Recent deliveries'}
        </button>
        <ConfirmButton label="Rotate secret" confirmLabel="Yes, draw a new signing secret" onConfirm={rotate} />
        <ConfirmButton label="Delete endpoint" confirmLabel="Yes, delete this endpoint" onConfirm={remove} />
      </div>
      {open &&
        (deliveries === undefined ? (
          <p role="status">Loading…</p>
        ) : deliveries.length === 0 ? (
          <p>No deliveries yet.</p>
        ) : (
          <div class="table-scroll">
            <table class="deliveries" data-testid="deliveries">
              <caption>Most recent first; each retry of an event has its own row.</caption>
              <thead>
                <tr>
                  <th scope="col">Event</th>
                  <th scope="col">Attempt</th>
                  <th scope="col">Status</th>
                  <th scope="col">Response</th>
                  <th scope="col">When</th>
                  <th scope="col">Next attempt</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.map((delivery) => (
                  <tr key={delivery.id}>
                    <td>
                      <code>{delivery.type}</code>
                    </td>
                    <td>{delivery.attempt}</td>
                    <td>
                      <span class={`status status-${delivery.status === 'succeeded' ? 'published' : delivery.status}`}>
                        {STATUS_TEXT[delivery.status]}
                      </span>
                    </td>
                    <td>
                      {delivery.response_status ?? '–'}
                      {delivery.error && <span class="field-error-inline"> {delivery.error}</span>}
                    </td>
                    <td>
                      {delivery.attempted_at ? localTime(delivery.attempted_at) : '–'}
                      {delivery.duration_ms !== null && ` (${delivery.duration_ms} ms)`}
                    </td>
                    <td>{delivery.next_attempt_at && delivery.status !== 'succeeded' ? localTime(delivery.next_attempt_at) : '–'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
    </li>
  );
}
