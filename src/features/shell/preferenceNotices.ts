import { t } from '@lingui/core/macro';

/**
 * The toasts of a language or currency the gateway did not save. Only a signed-in user's choice is
 * saved there, so these messages go with the signed-in part of the catalogue (vite.catalogueParts.ts), not
 * the first one every sign-in screen downloads.
 */
export const languageNotSaved = () => t`Could not save the language. It applies on this device only.`;
export const currencyNotSaved = () => t`Could not save the currency. It applies on this device only.`;
