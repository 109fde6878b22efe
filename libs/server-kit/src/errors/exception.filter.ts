import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { throwError, type Observable } from 'rxjs';
import { DomainError } from './domain-error';
import { sendError } from './http-exception.filter';

/**
 * The global filter: over HTTP an error becomes `ErrorBody` with the right status and a localized message; over
 * RPC a DomainError travels back as its code so the caller can throw the same error.
 */
@Catch()
export class KitExceptionFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(err: unknown, host: ArgumentsHost): void | Observable<never> {
    if (host.getType() === 'http') {
      const http = host.switchToHttp();
      sendError(err, http.getRequest<FastifyRequest>(), http.getResponse<FastifyReply>(), this.logger);
      return;
    }
    if (err instanceof DomainError) return throwError(() => ({ code: err.code, params: err.params }));
    this.logger.error({ err }, 'rpc handler failed');
    return throwError(() => ({ code: 'INTERNAL', params: {} }));
  }
}
