import { messageKeyFor, type ResultCodeValue } from '../../shared/errors';

/**
 * A refusal the caller should see: carried to the error handler and answered as the envelope,
 * with HTTP 200 for business outcomes and the transport status otherwise.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ResultCodeValue,
    readonly options: {
      httpStatus?: number;
      /** Catalogue key (namespace errors) when it differs from the code's own message. */
      messageKey?: string;
      params?: Record<string, string | number>;
      result?: unknown;
    } = {},
  ) {
    super(options.messageKey ?? messageKeyFor(code));
  }
  get httpStatus() {
    return this.options.httpStatus ?? 200;
  }
  get messageKey() {
    return this.options.messageKey ?? messageKeyFor(this.code);
  }
}
