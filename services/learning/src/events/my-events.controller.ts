import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { type Locale, eventListReply, eventPageReply } from '@olymp/proto';
import { ApiShape, type AuthUser, Clock, CurrentUser, KIT_CONFIG, type KitConfig, RequestLocale, SignedIn, UuidParam } from '@olymp/server-kit';
import { MyEvents, eventView } from './my-events.service';
import { eventCalendar } from './event-calendar';

/** The pupil's events: the upcoming ones for them, one event's page, and its calendar file. */
@Controller()
export class MyEventsController {
  constructor(
    private readonly events: MyEvents,
    private readonly clock: Clock,
    @Inject(KIT_CONFIG) private readonly config: KitConfig,
  ) {}

  @Get('my-events')
  @ApiShape({ response: eventListReply, summary: "Upcoming published events for the caller's audience (all, their grade, their courses)" })
  @SignedIn()
  async list(@CurrentUser() user: AuthUser) {
    return { data: await this.events.upcoming(user) };
  }

  @Get('my-events/:event')
  @ApiShape({ response: eventPageReply, summary: 'One event for the caller (404 when unpublished or not for them)' })
  @SignedIn()
  async one(@CurrentUser() user: AuthUser, @UuidParam('event') id: string) {
    return { data: eventView(await this.events.one(user, id)) };
  }

  @Get('my-events/:event/calendar')
  @ApiShape({ responseType: 'text/calendar', summary: 'The event as an .ics file (add to calendar), in the X-Locale language' })
  @SignedIn()
  async calendar(@CurrentUser() user: AuthUser, @UuidParam('event') id: string, @RequestLocale() locale: Locale, @Res() reply: FastifyReply) {
    const e = await this.events.one(user, id);
    const ics = eventCalendar(e, locale, { siteUrl: this.config.SITE_URL, place: await this.events.placeOf(e, locale), now: this.clock.now() });
    reply.header('content-type', 'text/calendar; charset=utf-8');
    reply.header('content-disposition', `attachment; filename="event-${e.id}.ics"`);
    return reply.send(ics);
  }
}
