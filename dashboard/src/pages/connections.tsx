import { useEffect, useState } from 'preact/hooks';
import { api, type Connection, type ConnectionList } from '../api';
import { ConfirmButton, Notice } from '../components/field';
import { fieldErrors, type FieldErrors } from '../field-errors';
import { localTime } from '../format';

/** Apps connected with OAuth (docs/api.md, "Connections"): what each may do, when it was last used; revoke one. */
export function ConnectionsPage() {
  const [connections, setConnections] = useState<Connection[] | undefined>();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [revoked, setRevoked] = useState<string | undefined>();

  const load = () =>
    api<ConnectionList>('GET', '/connections').then(
      ({ connections: list }) => setConnections(list),
      (error) => setErrors(fieldErrors(error)),
    );
  useEffect(() => void load(), []);

  const revoke = async (connection: Connection) => {
    setErrors({});
    try {
      await api('DELETE', `/connections/${connection.id}`);
      setRevoked(connection.client_name);
      await load();
    } catch (error) {
      setErrors(fieldErrors(error));
    }
  };

  return (
    <>
      <p>
        Apps you allowed to reach your account through the MCP server with OAuth. Revoking one stops its access at once; it has to ask you
        again to come back.
      </p>
      {revoked && <Notice kind="success">{revoked} can no longer reach your account.</Notice>}
      {errors.form && <Notice kind="error">{errors.form}</Notice>}
      {connections === undefined ? (
        <p role="status">Loading…</p>
      ) : connections.length === 0 ? (
        <p>No connected apps.</p>
      ) : (
        <ul class="items">
          {connections.map((connection) => (
            <li key={connection.id} class="card item" data-testid="connection-item">
              <h2>{connection.client_name}</h2>
              <dl>
                <dt>May</dt>
                <dd data-testid="connection-scope">{connection.scope}</dd>
                <dt>Answers went to</dt>
                <dd>{connection.redirect_host}</dd>
                {connection.client_uri && (
                  <>
                    <dt>Web site</dt>
                    <dd>{connection.client_uri}</dd>
                  </>
                )}
                <dt>Connected</dt>
                <dd>{localTime(connection.created_at)}</dd>
                <dt>Last used</dt>
                <dd>{connection.last_used_at ? localTime(connection.last_used_at) : 'Never'}</dd>
              </dl>
              <ConfirmButton
                label={`Revoke ${connection.client_name}`}
                confirmLabel={`Yes, revoke ${connection.client_name} now`}
                onConfirm={() => revoke(connection)}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
