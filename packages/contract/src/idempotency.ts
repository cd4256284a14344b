// Safe retries (issue 33): a POST, PUT or DELETE under /api sent with an Idempotency-Key header is done
// once; the same key from the same caller with the same body within 24 hours answers the first answer
// again (server http/idempotency.ts).

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Marks an answer given again: the request was not run a second time. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';
/** How long a key's first answer is kept and replayed. */
export const IDEMPOTENCY_KEY_HOURS = 24;
/** 1 to 255 printable ASCII characters (a UUID fits); spaces inside are allowed. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

export const IDEMPOTENCY_KEY_INVALID =
  'The Idempotency-Key header must be 1 to 255 printable ASCII characters';
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was used with another request in the last 24 hours: send a new key for a new request';
export const IDEMPOTENCY_KEY_IN_FLIGHT =
  'A request with this Idempotency-Key is still running: wait for its answer, then retry';
export const IDEMPOTENCY_KEY_NOT_HERE =
  'This call does not take an Idempotency-Key: its answer holds a secret that is shown only once';
export const IDEMPOTENCY_KEY_NO_UPLOAD =
  'An upload does not take an Idempotency-Key: sending the same file again is safe';
