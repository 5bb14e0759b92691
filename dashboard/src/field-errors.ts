import type { ErrorCode } from '../../client/src/errors';
import type { ApiError } from './api';

/**
 * Where an API error belongs on a form: the error's `field` when it has one, else the field
 * its code obviously concerns; `form` for errors about the whole request.
 */
const FIELD_OF_CODE: Partial<Record<ErrorCode, string>> = {
  CONTENT_TOO_LONG: 'content',
  INVALID_PLATFORMS: 'platforms',
  PLATFORMS_NOT_CONNECTED: 'platforms',
  INVALID_SCHEDULED_TIME: 'scheduled_for',
  INVALID_ID: 'form',
};

export type FieldErrors = Record<string, string>;

/** `overrides` maps codes to a form's own fields (e.g. INVALID_CREDENTIALS → app_password). */
export function fieldErrors(error: unknown, overrides: Record<string, string> = {}): FieldErrors {
  const body = (error as Partial<ApiError>).body ?? { error: 'UNKNOWN', message: String(error) };
  let field =
    overrides[body.error] ??
    ('field' in body && typeof body.field === 'string' ? body.field : undefined) ??
    FIELD_OF_CODE[body.error as ErrorCode];
  // The LinkedIn spacing rule is about the time: the platform variant carries `platform`.
  if (body.error === 'RATE_LIMIT_EXCEEDED' && 'platform' in body) field = 'scheduled_for';
  return { [field ?? 'form']: body.message };
}
