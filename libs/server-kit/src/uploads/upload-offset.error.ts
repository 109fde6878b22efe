import { type ArgumentsHost, Catch, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveLocale } from '@olymp/proto';
import { DomainError } from '../errors/domain-error';
import { LOCALE_HEADER, currentRequestId } from '../logging/context';

/**
 * A chunk sent at the wrong offset. Besides the usual error body (localized message naming the expected offset),
 * the answer carries the offset to resume from as data: `expectedOffset` in the body and an `Upload-Offset`
 * header, so a client resumes without parsing a message.
 */
export const UPLOAD_OFFSET_HEADER = 'upload-offset';

export class UploadOffsetError extends DomainError {
  constructor(
    readonly offset: number,
    readonly expected: number,
  ) {
    super('UPLOAD_OFFSET_MISMATCH', { offset, expected });
  }
}

@Catch(UploadOffsetError)
export class UploadOffsetFilter implements ExceptionFilter {
  catch(err: UploadOffsetError, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = err.toBody(resolveLocale(req.headers[LOCALE_HEADER]), currentRequestId() ?? String(req.id));
    void reply
      .status(err.status)
      .header(UPLOAD_OFFSET_HEADER, String(err.expected))
      .type('application/json')
      .send({ ...body, expectedOffset: err.expected });
  }
}
