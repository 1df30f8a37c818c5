import type { FastifyInstance, FastifyRequest } from 'fastify';
import { invalid } from '../domain/errors.js';

/**
 * Control characters (C0, DEL, C1) in request text. PostgreSQL refuses NUL outright (a 500 before
 * this guard), and the others are never part of a name, an e-mail, a code or a password: they only
 * serve to corrupt logs, mails and screens. Tab, CR and LF are allowed only around the text (a pasted
 * address ends with a newline, and the service trims it): no field of this API is multi-line; a route
 * that ever needs one lists the field in `config.multilineFields`.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export const hasControlCharacters = (text: string, multiline = false) =>
  multiline ? CONTROL_EXCEPT_LINES.test(text) : CONTROL_CHARACTERS.test(text.replace(/^[\t\n\r ]+|[\t\n\r ]+$/g, ''));

export const withoutControlCharacters = (text: string) => text.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');

/** The dotted path of the first string (key or value) under `value` that holds a control character. */
export function findControlCharacters(value: unknown, multiline: ReadonlySet<string> = new Set(), path: string[] = []): string | undefined {
  if (typeof value === 'string') {
    const at = path.join('.');
    return hasControlCharacters(value, multiline.has(at)) ? at || '(root)' : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  if (Buffer.isBuffer(value)) return undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const next = [...path, key];
    if (hasControlCharacters(key)) return next.join('.');
    const found = findControlCharacters(item, multiline, next);
    if (found) return found;
  }
  return undefined;
}

export const controlCharacterError = (field: string) =>
  invalid('VALIDATION_ERROR', `${field} must not contain control characters`, field);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Dotted paths (in body, query or params) that may hold tab, CR and LF; other control characters stay refused. */
    multilineFields?: string[];
  }
}

/**
 * Installed on the root before any route, so every route (and every one added later, in any folder)
 * refuses control characters in its params, query string and body with 400 VALIDATION_ERROR naming
 * the field, before its own schema runs. Headers need nothing: Node's parser refuses them there.
 */
export function registerControlCharacterGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const multiline = new Set(request.routeOptions.config?.multilineFields ?? []);
    for (const part of [request.params, request.query, request.body]) {
      const field = findControlCharacters(part, multiline);
      if (field) throw controlCharacterError(field);
    }
  });
}
