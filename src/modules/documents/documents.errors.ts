import { AppError, validationError } from '../../shared/errors.js';

export const fileTooLarge = () => new AppError(413, 'documents.file_too_large', 'File too large');
export const fileNotFound = () => new AppError(404, 'documents.file_not_found', 'File not found');
export const missingFilePart = () =>
  validationError([{ type: 'missing', loc: ['body', 'file'], msg: 'Field required', input: null }]);
export const notADirectoryOfWorkspace = (input: number) =>
  validationError([
    { type: 'value_error', loc: ['query', 'parent_directory_id'], msg: 'Value error, not a directory of this workspace', input },
  ]);
export const idempotencyInProgress = () =>
  new AppError(409, 'documents.idempotency_in_progress', 'A request with this idempotency key is in progress');
export const idempotencyKeyReused = (input: string) =>
  validationError([
    {
      type: 'idempotency_key_reused',
      loc: ['header', 'x-idempotency-key'],
      msg: 'This idempotency key was already used for a different request',
      input,
    },
  ]);
/** A multipart body that cannot be read as the form it claims to be (422, pydantic-shaped). */
export const malformedMultipart = (reason: string) =>
  validationError([{ type: 'value_error', loc: ['body'], msg: `Value error, malformed multipart body: ${reason}`, input: null }]);
/** The client left (or the connection broke) before the multipart body ended; nobody reads this answer. */
export const uploadAborted = () => new AppError(400, 'documents.upload_aborted', 'The upload ended before its body was complete');
/** The upload's body paused longer than FOLIO_BODY_TIMEOUT_MS; the connection is closed after the answer. */
export const uploadTimedOut = () => new AppError(408, 'documents.body_timeout', 'Request timeout', { Connection: 'close' });
export const invalidTreeCursor = (input: string) =>
  validationError([{ type: 'value_error', loc: ['query', 'cursor'], msg: 'Value error, not a cursor of this listing', input }]);
export const directoryNotFound = () => new AppError(404, 'documents.directory_not_found', 'Directory not found');
export const directoryNotEmpty = () => new AppError(409, 'documents.directory_not_empty', 'Directory is not empty');
