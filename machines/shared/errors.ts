/**
 * Failures of the sign-in, sign-up, confirmation and reset calls as data; wording lives in the views.
 * Machines see only the shape of what the transport threw (`{ status, code, message, field }` from the
 * gateway, `{ error, error_description }` from the identity provider), never the classes.
 */
export type FormField = 'email' | 'password';

export type AuthError =
  | { kind: 'invalidCredentials' }
  | { kind: 'emailTaken' }
  | { kind: 'invalidField'; field: FormField; message: string }
  /** 429 from the gateway (`RATE_LIMITED`) or the sign-in endpoint (`rate_limited`). */
  | { kind: 'rateLimited'; waitSeconds?: number }
  | { kind: 'server'; code: string; message: string };

type ErrorShape = {
  status?: number;
  code?: string;
  message?: string;
  field?: string;
  error?: string;
  error_description?: string;
  waitSeconds?: number;
};

const FIELDS: readonly FormField[] = ['email', 'password'];

export function toAuthError(error: unknown): AuthError {
  const e = (typeof error === 'object' && error !== null ? error : {}) as ErrorShape;
  const code = e.code ?? e.error ?? 'UNKNOWN';
  const message = e.message ?? e.error_description ?? '';
  if (code === 'RATE_LIMITED' || code === 'rate_limited' || e.status === 429) {
    return typeof e.waitSeconds === 'number'
      ? { kind: 'rateLimited', waitSeconds: e.waitSeconds }
      : { kind: 'rateLimited' };
  }
  if (code === 'EMAIL_TAKEN' || e.status === 409) return { kind: 'emailTaken' };
  if (code === 'VALIDATION_ERROR' && FIELDS.includes(e.field as FormField)) {
    return { kind: 'invalidField', field: e.field as FormField, message };
  }
  // OAuth's answer to a wrong password or an unconfirmed address; the gateway's is 401.
  if (code === 'invalid_grant' || e.status === 401) return { kind: 'invalidCredentials' };
  return { kind: 'server', code, message };
}

export type FieldError = Extract<AuthError, { kind: 'invalidField' | 'emailTaken' }>;

export const isFieldError = (error: AuthError | null): error is FieldError =>
  error?.kind === 'invalidField' || error?.kind === 'emailTaken';

/** The field an error belongs to, for inline display; null for errors shown as a toast. */
export function fieldOf(error: AuthError | null): FormField | null {
  if (error?.kind === 'invalidField') return error.field;
  if (error?.kind === 'emailTaken') return 'email';
  return null;
}
