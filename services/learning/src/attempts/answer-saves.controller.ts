import { Controller, HttpCode, Inject, Post } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { answerSavesBody, answerSavesReply, resolveLocale } from '@olymp/proto';
import {
  ApiShape, Authenticator, DomainError, KIT_LOGGER, Public, ValidBody, parseInput, runWithContext, toDomainFromUnknown,
} from '@olymp/server-kit';
import { Attempts } from './attempts.service';
import { answerSaved } from './attempts.controller';
import { userAnswerBody } from './attempts.dto';

type Save = z.output<typeof answerSavesBody>['saves'][number];
type JsonParser = (req: unknown, body: string, done: (err: Error | null, value?: unknown) => void) => void;

const SINGLE_ROUTE = { method: 'POST', url: '/api/user-answer' };

/**
 * The gateway's coalesced answer saves (docs/learning.md, "Coalesced saves"): the `POST /api/user-answer` requests
 * of one gateway turn in one request, so a save costs no hop and no Nest pipeline of its own, and the saves of a turn
 * reach the SaveBatcher together (one statement). Each save is judged exactly as on its own route, in the same
 * order: its body parsed by Fastify's own JSON parser (400 MALFORMED_BODY), its pupil's token (401), the text rule
 * and the body's schema (400, in the save's language), then the save's rules (ownership, deadline plus grace, seq
 * order). Each gets its own status and body; one save's refusal never touches another's.
 *
 * The route itself is outside /api (the gateway never forwards it) and needs no token of its own: it carries
 * each pupil's, and grants nothing a pupil's own request would not.
 */
@Controller()
export class AnswerSavesController {
  private readonly parseJson: JsonParser;

  constructor(
    private readonly attempts: Attempts,
    private readonly authenticator: Authenticator,
    adapter: HttpAdapterHost,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {
    // The parser `POST /api/user-answer` gets its body from, with the same settings (prototype poisoning refused).
    this.parseJson = (adapter.httpAdapter.getInstance() as FastifyInstance).getDefaultJsonParser('error', 'error') as JsonParser;
  }

  @Post('internal/answer-saves')
  @Public()
  @HttpCode(200)
  @ApiShape({ response: answerSavesReply, summary: 'Internal: the gateway\'s coalesced `POST /api/user-answer` requests, each answered as on its own' })
  async saves(@ValidBody(answerSavesBody) batch: z.output<typeof answerSavesBody>) {
    return { replies: await Promise.all(batch.saves.map((save) => this.one(save))) };
  }

  private one(save: Save): Promise<{ status: number; body: string }> {
    const locale = resolveLocale(save.locale);
    return runWithContext({ requestId: save.requestId, locale }, async () => {
      try {
        const parsed = this.parse(Buffer.from(save.body, 'base64').toString('utf8'));
        const user = await this.authenticator.authenticate(save.authorization);
        if (!user) throw new DomainError('UNAUTHENTICATED');
        const body = parseInput(userAnswerBody, parsed ?? {}, locale);
        return { status: 200, body: JSON.stringify(answerSaved(await this.attempts.save(user.sub, [body]), locale)) };
      } catch (err) {
        const domain = toDomainFromUnknown(err, SINGLE_ROUTE);
        if (!domain || domain.status >= 500) this.logger.error({ err, requestId: save.requestId }, 'coalesced answer save failed');
        const error = domain ?? new DomainError('INTERNAL');
        return { status: error.status, body: JSON.stringify(error.toBody(locale, save.requestId)) };
      }
    });
  }

  private parse(text: string): unknown {
    let result: { err: Error | null; value?: unknown } = { err: null };
    this.parseJson(null, text, (err, value) => {
      result = { err, value };
    });
    if (result.err) throw result.err;
    return result.value;
  }
}
