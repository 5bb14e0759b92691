import type { ComponentChildren } from 'preact';

/**
 * A labelled form control with its help and its error beside it: the error is announced
 * (role=alert), tied to the control (aria-describedby) and marks it invalid.
 */
interface FieldProps {
  id: string;
  label: string;
  error?: string;
  help?: ComponentChildren;
  children: (describedBy: string | undefined, invalid: boolean) => ComponentChildren;
}

export function Field({ id, label, error, help, children }: FieldProps) {
  const helpId = help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [helpId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div class={`field${error ? ' has-error' : ''}`}>
      <label for={id}>{label}</label>
      {help && (
        <p id={helpId} class="help">
          {help}
        </p>
      )}
      {children(describedBy, Boolean(error))}
      {error && (
        <p id={errorId} class="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-wide message (errors that concern no single field, or a success). */
export function Notice({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ComponentChildren }) {
  return (
    <div class={`notice notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A delete button that asks once more, in place (no browser dialog). */
export function ConfirmButton({
  label,
  confirmLabel,
  onConfirm,
  busy,
}: {
  label: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy?: boolean;
}) {
  return (
    <details class="confirm">
      <summary class="button danger-outline">{label}</summary>
      <button type="button" class="danger" disabled={busy} onClick={onConfirm}>
        {confirmLabel}
      </button>
    </details>
  );
}
