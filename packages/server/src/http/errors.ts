// The error envelope of every failure: { code, message, data? } (DESIGN.md section 6).
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, type TErrorBody } from '@salesdesk/contract';
import { loggableError } from '../common/loggable-error';

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data?: Record<string, string[]>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found') => new AppError(404, ErrorCode.NotFound, what);
export const forbidden = (msg = 'You may not do that') => new AppError(403, ErrorCode.Forbidden, msg);
export const conflict = (msg: string) => new AppError(409, ErrorCode.Conflict, msg);
export const rateLimited = (msg = 'Too many requests, please wait and try again') =>
  new AppError(429, ErrorCode.RateLimited, msg);
export const unavailable = (msg = 'Clicks cannot be recorded right now, please try again') =>
  new AppError(503, ErrorCode.Unavailable, msg);
export const invalidToken = (msg = 'Your session has ended, please log in again') =>
  new AppError(401, ErrorCode.InvalidToken, msg);

/** A validation failure on named fields; `_form` holds messages for the whole form. */
export function validationError(
  data: Record<string, string[]>,
  message = 'Please correct the marked fields',
) {
  return new AppError(400, ErrorCode.Validation, message, data);
}
export const formError = (message: string) => validationError({ _form: [message] }, message);

type Issue = { path?: PropertyKey[]; instancePath?: string; message?: string };

function issuesToFields(issues: Issue[]): Record<string, string[]> {
  const data: Record<string, string[]> = {};
  for (const issue of issues) {
    const key =
      issue.path && issue.path.length
        ? String(issue.path[0])
        : issue.instancePath
          ? issue.instancePath.replace(/^\//, '').split('/')[0]
          : '_form';
    (data[key || '_form'] ??= []).push(issue.message ?? 'Invalid value');
  }
  return data;
}

/** The envelope of an AppError, the failures the app itself raises. */
export const appErrorBody = (err: AppError): TErrorBody => ({
  code: err.code,
  message: err.message,
  ...(err.data ? { data: err.data } : {}),
});

/** What an unexpected failure answers: nothing of the error itself reaches the client. */
export const INTERNAL_ERROR_BODY: TErrorBody = { code: ErrorCode.Internal, message: 'Internal error' };

/**
 * The failure as the client's fault, in the envelope it answers (AppError, schema validation, a rate
 * limit, malformed JSON, wrong content type, body too large), or undefined for an unexpected failure.
 */
export function clientFault(err: FastifyError): AppError | undefined {
  if (err instanceof AppError) return err;
  if (hasZodFastifySchemaValidationErrors(err)) {
    const issues = err.validation.map((v) => ({
      path: (v.params as { issue?: { path?: PropertyKey[] } })?.issue?.path,
      instancePath: v.instancePath,
      message: v.message,
    }));
    return validationError(issuesToFields(issues));
  }
  if (err.statusCode === 429) return rateLimited();
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    // Malformed JSON, wrong content type, body too large: the client's fault, said plainly.
    const status = err.statusCode;
    if (status === 400 || status === 415 || status === 413)
      return new AppError(status, ErrorCode.Validation, err.message, { _form: [err.message] });
    return new AppError(status, status === 404 ? ErrorCode.NotFound : ErrorCode.Forbidden, err.message);
  }
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const fault = clientFault(err);
    if (fault) return void reply.status(fault.status).send(appErrorBody(fault));
    req.log.error({ error: loggableError(err), route: req.routeOptions.url }, 'request failed');
    void reply.status(500).send(INTERNAL_ERROR_BODY);
  });
}

/** Headers every answer carries, also those Fastify gives before any hook runs (helmet's are not set there). */
export const BARE_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** Fastify's `frameworkErrors`: a malformed URL (bad percent-encoding) answered in the envelope. */
export function frameworkError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const message = 'The address is not valid';
  void reply
    .status(400)
    .headers(BARE_SECURITY_HEADERS)
    .send({ code: ErrorCode.Validation, message, data: { _form: [message] } } satisfies TErrorBody);
}

/** Fastify's `clientErrorHandler`: errors of the HTTP parser itself (header too large, garbage). */
export function clientError(err: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const message = tooLarge ? 'The request headers are too large' : 'The request is malformed';
  const body = JSON.stringify({ code: ErrorCode.Validation, message, data: { _form: [message] } });
  const headers = Object.entries({
    ...BARE_SECURITY_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n${headers}\r\n\r\n${body}`,
  );
}
