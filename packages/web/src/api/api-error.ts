// The error envelope `{ code, message, data? }` as a thrown class, and the field-error helper forms use.
import { ErrorCode, ZErrorBody } from '@salesdesk/contract';

/** Code used when the request never got an answer. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, string[]> | undefined;

  constructor(status: number, code: string, message: string, data?: Record<string, string[]>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

/** Builds an ApiError from a failed response body (parsed JSON or nothing). */
export function toApiError(status: number, statusText: string, body: unknown): ApiError {
  const parsed = ZErrorBody.safeParse(body);
  if (parsed.success) return new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.data);
  return new ApiError(status, `HTTP_${status}`, statusText || `Request failed (${status})`);
}

export const isApiError = (err: unknown): err is ApiError => err instanceof ApiError;

export const isValidationError = (err: unknown): err is ApiError =>
  isApiError(err) && err.code === ErrorCode.Validation;

/** The VALIDATION_ERROR field-to-messages data (`_form` included); empty for any other error. */
export function fieldErrors(err: unknown): Record<string, string[]> {
  return isValidationError(err) ? (err.data ?? {}) : {};
}
