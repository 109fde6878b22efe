import { type ErrorBody, type ErrorCode, type Locale, errorMessage, errorStatus, isErrorCode } from '@olymp/proto';

/**
 * The one error type business code throws: a domain code from proto/ plus the params its message needs.
 * The HTTP filter and the RPC filter map it at the edge (status, localized message).
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    /** Field-level problems (validation): path -> localized message. */
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(code);
    this.name = 'DomainError';
  }

  get status(): number {
    return errorStatus(this.code);
  }

  /** Field messages given as error codes are localized here; plain strings were localized when made. */
  private localizedFieldErrors(locale: Locale): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [field, value] of Object.entries(this.fieldErrors ?? {})) {
      out[field] = isErrorCode(value) ? errorMessage(value, locale, this.params) : value;
    }
    return out;
  }

  toBody(locale: Locale, requestId?: string): ErrorBody {
    return {
      statusCode: this.status,
      code: this.code,
      message: errorMessage(this.code, locale, { requestId, ...this.params }),
      ...(this.fieldErrors ? { errors: this.localizedFieldErrors(locale) } : {}),
      // The values the message was made from, for clients that act on them (e.g. seconds until a resend).
      ...(Object.keys(this.params).length ? { details: this.params } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }
}

export const notFound = () => new DomainError('NOT_FOUND');
export const forbidden = () => new DomainError('FORBIDDEN');
export const unauthenticated = () => new DomainError('UNAUTHENTICATED');
