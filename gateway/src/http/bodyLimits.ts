import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.js';

/**
 * Request bodies are bounded before anything walks them (issue 20 item 4, docs/security-body-limits.md).
 * A 1 MB body of nested brackets used to freeze the gateway for seconds and end in a 500: JSON.parse
 * builds 500 000 levels, and every later walk of the value (the control-character guard, a schema) is as
 * deep. Here the size is refused from the Content-Length header without reading a byte, and while the
 * bytes come in (chunked bodies) they are counted and, for JSON, their bracket depth is tracked: the
 * first byte past a limit ends the read. What is parsed is then at most `bodyLimit` bytes and
 * `MAX_BODY_DEPTH` levels deep.
 */

/** Every route's limit unless it names its own (`bodyLimit` in the route options); Fastify's is 1 MiB. */
export const DEFAULT_BODY_LIMIT = 16 * 1024;

/** Arrays and objects inside one another: no body of this API needs more than a handful. */
export const MAX_BODY_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/**
 * Bracket depth of JSON text, fed chunk by chunk: one pass, constant memory, strings skipped (a `[`
 * inside quotes is text). Works on UTF-8 bytes: no byte of a multi-byte character is ASCII, so a chunk
 * cut in the middle of one changes nothing. Malformed JSON is left to the parser; only depth counts.
 */
export class JsonDepthScanner {
  depth = 0;
  maxDepth = 0;
  private inString = false;
  private escaped = false;

  /** Scans `bytes`; false as soon as the depth goes past `limit` (the rest is not looked at). */
  feed(bytes: Uint8Array, limit: number): boolean {
    for (let i = 0; i < bytes.length; i += 1) {
      const b = bytes[i]!;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === BACKSLASH) this.escaped = true;
        else if (b === QUOTE) this.inString = false;
      } else if (b === QUOTE) {
        this.inString = true;
      } else if (b === OPEN_BRACKET || b === OPEN_BRACE) {
        this.depth += 1;
        if (this.depth > this.maxDepth) this.maxDepth = this.depth;
        if (this.depth > limit) return false;
      } else if ((b === CLOSE_BRACKET || b === CLOSE_BRACE) && this.depth > 0) {
        this.depth -= 1;
      }
    }
    return true;
  }
}

/** True when JSON text nests arrays and objects deeper than `limit`. */
export function jsonTooDeep(text: string | Uint8Array, limit = MAX_BODY_DEPTH): boolean {
  return !new JsonDepthScanner().feed(typeof text === 'string' ? Buffer.from(text) : text, limit);
}

export const bodyTooLarge = (limit: number) =>
  new ApiError(413, 'BODY_TOO_LARGE', `The request body is larger than this route accepts (${limit} bytes)`);

export const bodyTooDeep = (limit = MAX_BODY_DEPTH) =>
  new ApiError(400, 'BODY_TOO_DEEP', `The request body nests arrays and objects more than ${limit} levels deep`);

const isJson = (request: FastifyRequest) =>
  /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');

/**
 * The body as the parser reads it: the request's bytes, counted and (for JSON) depth-scanned, ending
 * in an error at the first byte past a limit. It starts reading the request only when the parser asks,
 * so the error always has a listener; on a refusal it leaves the request paused (Node discards the rest
 * after the answer) rather than destroying it, since its socket carries the answer.
 */
class BodyGuard extends Readable {
  private received = 0;
  private started = false;
  private readonly depth: JsonDepthScanner | undefined;

  constructor(
    private readonly source: Readable,
    private readonly limit: number,
    json: boolean,
  ) {
    super();
    this.depth = json ? new JsonDepthScanner() : undefined;
  }

  private readonly onData = (chunk: Buffer | string) => {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    // Whichever limit the bytes cross first decides: the depth of what fits, then the size.
    const room = this.limit - this.received;
    this.received += bytes.length;
    const within = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (this.depth && !this.depth.feed(within, MAX_BODY_DEPTH)) return this.refuse(bodyTooDeep());
    if (this.received > this.limit) return this.refuse(bodyTooLarge(this.limit));
    if (!this.push(bytes)) this.source.pause();
  };

  private readonly onEnd = () => {
    this.detach();
    this.push(null);
  };

  private readonly onError = (err: Error) => this.refuse(err);

  private detach() {
    this.source.off('data', this.onData);
    this.source.off('end', this.onEnd);
    this.source.off('error', this.onError);
  }

  private refuse(err: Error) {
    this.detach();
    this.source.pause();
    this.destroy(err);
  }

  override _read() {
    if (!this.started) {
      this.started = true;
      this.source.on('data', this.onData);
      this.source.on('end', this.onEnd);
      this.source.on('error', this.onError);
    }
    this.source.resume();
  }
}

/**
 * Installed on the root before any route (app.ts), so it holds for every route added later. The limit
 * is the route's `bodyLimit`, else the server's (`DEFAULT_BODY_LIMIT`, set in app.ts). Fastify's own
 * reader keeps enforcing the same limit behind this one. Routes that read their body themselves (the
 * identity provider under /realms, hijacked in onRequest) never get here and keep their own limit.
 */
export function registerBodyLimits(app: FastifyInstance) {
  app.addHook('preParsing', async (request, reply, payload) => {
    const limit = request.routeOptions.bodyLimit ?? DEFAULT_BODY_LIMIT;
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      // Refused from the header alone, and the connection closed after the answer: not a byte of the
      // body is read (kept open, Node would read and discard all of it). Fastify does the same below.
      reply.header('connection', 'close');
      throw bodyTooLarge(limit);
    }
    const json = isJson(request);
    // A declared length within the limit needs no counting (Fastify stops at a mismatch); only JSON nests.
    if (!json && !Number.isNaN(declared)) return payload;
    return new BodyGuard(payload, limit, json);
  });
}
