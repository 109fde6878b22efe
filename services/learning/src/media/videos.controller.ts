import { type ArgumentsHost, Catch, Controller, Delete, Get, Headers, type ExceptionFilter, HttpCode, Post, Query, Res, UseFilters } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Locale, materialRemovedReply, materialReply, message, resolveLocale, videoInfoReply } from '@olymp/proto';
import {
  ApiShape, type AuthUser, CurrentUser, LOCALE_HEADER, Public, RequestLocale, SignedIn, UuidParam, ValidBody, currentRequestId,
} from '@olymp/server-kit';
import { recordingBody, type RecordingBody } from './media.dto';
import { Recordings } from './recordings.service';
import { RangeNotSatisfiable, Videos } from './videos.service';

/** 416 with `Content-Range: bytes *\/size` (RFC 9110) beside the usual localized error body. */
@Catch(RangeNotSatisfiable)
export class RangeNotSatisfiableFilter implements ExceptionFilter {
  catch(err: RangeNotSatisfiable, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const body = err.toBody(resolveLocale(req.headers[LOCALE_HEADER]), currentRequestId() ?? String(req.id));
    void reply.status(err.status).header('content-range', `bytes */${err.size}`).header('accept-ranges', 'bytes').type('application/json').send(body);
  }
}

/**
 * Videos and lesson recordings. `info` is for who may see the video's owner and hands out the play address (with a
 * ticket, since a `<video>` element sends no Authorization header); `play` takes a signed-in caller or that ticket
 * and answers range requests (206 + Content-Range, 416 outside the file, Accept-Ranges: bytes).
 */
@Controller()
@UseFilters(RangeNotSatisfiableFilter)
export class VideosController {
  constructor(private readonly videos: Videos, private readonly recordings: Recordings) {}

  @Get('videos/:id/info')
  @ApiShape({ response: videoInfoReply, summary: 'A video\'s length, size, frame and poster, and its play address' })
  @SignedIn()
  async info(@CurrentUser() user: AuthUser, @UuidParam('id') id: string) {
    return { data: await this.videos.info(user, id) };
  }

  /** Public at the guard: a `<video>` sends the ticket from `info` (or, from a script, the Authorization header). */
  @Get('videos/:id/play')
  @ApiShape({ summary: 'The video\'s bytes; Range requests give 206 with Content-Range (seeking on phones)' })
  @Public()
  async play(
    @CurrentUser() user: AuthUser | undefined,
    @UuidParam('id') id: string,
    @Query('ticket') ticket: unknown,
    @Headers('range') range: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const body = await this.videos.play(user, typeof ticket === 'string' ? ticket.slice(0, 100) : undefined, id, range);
    void reply
      .status(body.status)
      .header('accept-ranges', 'bytes')
      .header('content-type', body.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', String(body.range ? body.range.end - body.range.start + 1 : body.size));
    if (body.range) void reply.header('content-range', `bytes ${body.range.start}-${body.range.end}/${body.size}`);
    await reply.send(body.stream);
  }

  @Get('lessons/:lesson/recording')
  @ApiShape({ response: videoInfoReply, summary: 'The lesson\'s recording: pupils of the group for 60 days after the lesson' })
  @SignedIn()
  async recording(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string) {
    return { data: await this.videos.recordingOf(user, lessonId) };
  }

  @Post('lessons/:lesson/recording')
  @ApiShape({ response: materialReply, summary: 'Attach the lesson\'s recording (a stored chunked upload); a teacher of the group or group:update' })
  @SignedIn()
  @HttpCode(201)
  async attach(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string, @ValidBody(recordingBody) body: RecordingBody) {
    return { data: await this.recordings.attach(user, lessonId, body) };
  }

  @Delete('lessons/:lesson/recording')
  @ApiShape({ response: materialRemovedReply })
  @SignedIn()
  async detach(@CurrentUser() user: AuthUser, @UuidParam('lesson') lessonId: string, @RequestLocale() locale: Locale) {
    return { data: await this.recordings.detach(user, lessonId), message: message('MATERIAL_REMOVED', locale) };
  }
}
