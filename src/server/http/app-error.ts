import type { FieldIssue } from '../../shared/api/envelope';
import { messageKeyFor, ResultCode, type ResultCodeValue } from '../../shared/errors';

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

/** Code 1 naming the fields, like a refused request body (admin checks beyond the schema). */
export function refused(issues: FieldIssue[]): AppError {
  return new AppError(ResultCode.parameter, {
    messageKey: 'parameterNamed',
    params: { field: issues[0]?.field ?? '' },
    result: { issues },
  });
}
