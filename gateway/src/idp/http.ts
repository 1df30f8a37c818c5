import type { IncomingMessage, ServerResponse } from 'node:http';

const FORM_LIMIT = 16 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    description: string,
  ) {
    super(description);
  }
}

/** Reads an application/x-www-form-urlencoded body (the only kind our own endpoints accept). */
export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') {
    throw new HttpError(400, 'invalid_request', 'only application/x-www-form-urlencoded bodies are supported');
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > FORM_LIMIT) throw new HttpError(413, 'invalid_request', 'request body too large');
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export function send(
  res: ServerResponse,
  status: number,
  body?: string,
  type?: string,
  headers: Record<string, string> = {},
): void {
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  if (body === undefined || body === '') {
    // An empty 200 with a Content-Type makes oidc-client-ts try to parse it and throw.
    res.removeHeader('Content-Type');
    res.setHeader('Content-Length', '0');
    res.end();
    return;
  }
  if (type) res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', String(Buffer.byteLength(body)));
  res.end(body);
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(body), 'application/json; charset=utf-8', {
    'Cache-Control': 'no-store',
    ...headers,
  });
}

export function sendError(res: ServerResponse, err: unknown): void {
  if (err instanceof HttpError) {
    sendJson(res, err.status, { error: err.error, error_description: err.message });
    return;
  }
  sendJson(res, 500, { error: 'server_error', error_description: 'unexpected error' });
}

/**
 * CORS for the endpoints we serve ourselves: only the configured origins are echoed back.
 * Returns true when the request was a preflight and has been answered.
 */
export function applyCors(
  req: IncomingMessage,
  res: ServerResponse,
  allowed: ReadonlySet<string>,
  methods: string,
): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  const ok = typeof origin === 'string' && allowed.has(origin);
  if (ok) {
    res.setHeader('Access-Control-Allow-Origin', origin);
    res.setHeader('Access-Control-Expose-Headers', 'WWW-Authenticate');
  }
  if (req.method !== 'OPTIONS') return false;
  if (ok) {
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', 'Authorization, Content-Type');
    res.setHeader('Access-Control-Max-Age', '3600');
  }
  send(res, 204);
  return true;
}
