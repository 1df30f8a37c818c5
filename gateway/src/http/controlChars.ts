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

/** One value met by the walk below: the key it sits under and its parent, so its path is built only when needed. */
interface Place {
  value: unknown;
  key: string | undefined;
  parent: Place | undefined;
}

const pathOf = (place: Place): string => {
  const keys: string[] = [];
  for (let p: Place | undefined = place; p?.key !== undefined; p = p.parent) keys.push(p.key);
  return keys.reverse().join('.');
};

/**
 * The dotted path of the first string (key or value) under `value` that holds a control character.
 * Iterative, with an explicit stack, and linear in the size of the value: no recursion to overflow and
 * no copy of the path per node (a path is spelled out only for a string that holds a control character).
 * Bodies reach it at most MAX_BODY_DEPTH deep and bodyLimit long (bodyLimits.ts); this holds for any value.
 */
export function findControlCharacters(value: unknown, multiline: ReadonlySet<string> = new Set()): string | undefined {
  const stack: Place[] = [{ value, key: undefined, parent: undefined }];
  while (stack.length > 0) {
    const place = stack.pop()!;
    // A key is checked when its entry comes up, before what it holds: the first offence in document order.
    if (place.key !== undefined && hasControlCharacters(place.key)) return pathOf(place);
    const item = place.value;
    if (typeof item === 'string') {
      // Strict first: a string clean without the multiline exception is clean with it too.
      if (!hasControlCharacters(item)) continue;
      const at = pathOf(place);
      if (multiline.size > 0 && multiline.has(at) && !hasControlCharacters(item, true)) continue;
      return at || '(root)';
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    const keys = Object.keys(item);
    for (let i = keys.length - 1; i >= 0; i -= 1) {
      stack.push({ value: (item as Record<string, unknown>)[keys[i]!], key: keys[i]!, parent: place });
    }
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
