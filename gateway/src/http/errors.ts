import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorSchema, type ApiErrorBody } from '../../../contracts/errors.js';
import { DomainError, type DomainErrorKind } from '../domain/errors.js';

/**
 * An HTTP-level refusal with an explicit status, for the HTTP layer itself (the bearer check).
 * Everything below the routes throws DomainError instead.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Every error the gateway returns; the shape is shared with the app (contracts/errors.ts). */
export const ErrorBody = ApiErrorSchema;

export type ErrorPayload = ApiErrorBody;

/** The one place a domain refusal becomes an HTTP status. */
export const STATUS_OF_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many_attempts: 429,
  unavailable: 503,
  failed: 500,
};

function domainPayload(error: DomainError): ErrorPayload {
  return {
    code: error.code,
    message: error.message,
    ...(error.field !== undefined ? { field: error.field } : {}),
    ...(error.waitSeconds !== undefined ? { waitSeconds: error.waitSeconds } : {}),
    ...(error.attemptsLeft !== undefined ? { attemptsLeft: error.attemptsLeft } : {}),
    ...(error.holdUntil !== undefined ? { holdUntil: error.holdUntil } : {}),
  };
}

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string; requiredProperties?: string[]; additionalProperties?: string[] | string };
}

/** The offending field as a dotted path, for ajv-style issues from TypeBox or Ajv. */
export function fieldOf(issue: ValidationIssue | undefined): string | undefined {
  if (!issue) return undefined;
  const base = (issue.instancePath ?? '').split('/').filter(Boolean);
  const extra =
    issue.params?.missingProperty ??
    issue.params?.requiredProperties?.[0] ??
    (Array.isArray(issue.params?.additionalProperties) ? issue.params.additionalProperties[0] : undefined);
  const parts = extra ? [...base, extra] : base;
  return parts.length ? parts.join('.') : undefined;
}

function validationPayload(error: FastifyError): ErrorPayload {
  const issues = (error.validation ?? []) as ValidationIssue[];
  // Prefer an issue that points at a property: union branches report at the parent path.
  const issue =
    issues.find((i) => fieldOf(i) && (i.instancePath ?? '') !== '') ?? issues.find((i) => fieldOf(i)) ?? issues[0];
  const field = fieldOf(issue) ?? error.validationContext;
  const detail =
    issue?.params?.requiredProperties || issue?.params?.missingProperty
      ? 'is required'
      : (issue?.message ?? 'is invalid');
  return { code: 'VALIDATION_ERROR', message: `${field} ${detail}`, ...(field ? { field } : {}) };
}

export function sendError(reply: FastifyReply, status: number, payload: ErrorPayload) {
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof DomainError) {
    // RFC 9110: a 429 says when to come back (rate limits and the passcode wait alike).
    if (error.kind === 'too_many_attempts' && error.waitSeconds !== undefined)
      reply.header('Retry-After', String(error.waitSeconds));
    return sendError(reply, STATUS_OF_KIND[error.kind], domainPayload(error));
  }
  if (error instanceof ApiError) {
    return sendError(reply, error.statusCode, {
      code: error.code,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
    });
  }
  if (error.validation) return sendError(reply, 400, validationPayload(error));
  const status = error.statusCode ?? 500;
  // Fastify's own 4xx (bad JSON, wrong content type, body too large) are safe to pass through.
  if (status >= 400 && status < 500) {
    // JSON.parse quotes the start of the body in its message, which may be a card number: say less.
    const message = error instanceof SyntaxError ? 'The body is not valid JSON' : error.message;
    return sendError(reply, status, { code: error.code ?? 'BAD_REQUEST', message });
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, { code: 'INTERNAL_ERROR', message: 'Something went wrong' });
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(errorHandler);
}
