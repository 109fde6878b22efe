import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { type EventPayload, message } from '@olymp/proto';
import { type EventContext, EventOutbox, KIT_LOGGER, OnEvent, RpcClient } from '@olymp/server-kit';
import { NoticesService } from './notices.service';

/**
 * An hour before a live lesson (learning's `lesson.reminder.due`): each pupil of the group gets a notice and an SMS
 * (auth's `auth.users.contacts` gives the phones; the SMS goes through `sms.requested`, purpose notice). Everything
 * is written in the handler's transaction, so a redelivered event (dropped by the inbox) never sends twice, and each
 * notice's source (`lesson.reminder:<lesson>:<pupil>`) is unique besides.
 */
@Injectable()
export class LessonReminderConsumer {
  constructor(
    private readonly notices: NoticesService,
    private readonly rpc: RpcClient,
    private readonly outbox: EventOutbox,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  // Durable name: never rename it (a new name is a new consumer, which replays the stream's 14 days).
  @OnEvent('lesson.reminder.due', { durable: 'notifications.lesson-reminder' })
  async remind(e: EventPayload<'lesson.reminder.due'>, ctx: EventContext): Promise<void> {
    const time = e.startsAtAlmaty.slice(11);
    const at = new Date(e.remindedAt);
    await this.notices.addMany(ctx.manager, e.pupils.map((userId) => ({
      userId, kind: 'lesson.reminder' as const, params: { lessonId: e.lessonId, groupId: e.groupId, title: e.title, time, startsAt: e.startsAt },
      source: `lesson.reminder:${e.lessonId}:${userId}`, at,
    })));
    const { contacts } = await this.rpc.request('auth.users.contacts', { userIds: e.pupils });
    const phones = new Map(contacts.map((c) => [c.userId, c.phone]));
    const text = `${message('SMS_LESSON_SOON', 'kk', { title: e.title.kk, time })}\n${message('SMS_LESSON_SOON', 'ru', { title: e.title.ru, time })}`.slice(0, 480);
    for (const userId of e.pupils) {
      const to = phones.get(userId);
      if (!to) {
        this.logger.warn({ lessonId: e.lessonId, userId }, 'lesson reminder: the pupil has no phone in auth, no SMS');
        continue;
      }
      await this.outbox.add(ctx.manager, 'sms.requested', { smsId: randomUUID(), to, text, purpose: 'notice', requestedAt: e.remindedAt });
    }
  }
}
