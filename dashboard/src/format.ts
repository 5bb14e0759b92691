/** Times as the owner reads them: local time with its zone, and the UTC value the API uses. */
// dateStyle/timeStyle cannot be combined with timeZoneName: the parts are spelt out.
const local = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZoneName: 'short',
});

export const localTime = (iso: string): string => local.format(new Date(iso));

export const utcTime = (iso: string): string => new Date(iso).toISOString();

export const timeZoneName = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** `2026-11-23T11:00:05` (a datetime-local value, the owner's local time) → ISO UTC, or undefined. */
export function localInputToIso(value: string): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** An ISO time → the datetime-local value of the same instant in the owner's time zone. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

export const platformName = (platform: string): string =>
  platform === 'linkedin' ? 'LinkedIn' : platform === 'bluesky' ? 'Bluesky' : platform;
