/** Spec §5: login, sign-up, reset request and new password need non-empty values. */
export const isFilled = (value: string): boolean => value.trim() !== '';

/** Passwords are taken as typed (spaces may be part of them), so any character counts. */
export const hasPassword = (value: string): boolean => value.length > 0;

/** Addresses are compared and sent without the spaces a paste or an autofill tends to add. */
export const normalizeEmail = (value: string): string => value.trim();

/** The part after the last '@', lower-cased; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  const domain =
    at < 0
      ? ''
      : email
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return domain && !domain.includes(' ') ? domain : null;
}
