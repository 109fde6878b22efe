import { Inject, Injectable } from '@nestjs/common';
import { Clock, EventOutbox, KIT_LOGGER, PeriodicPass } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { almaty } from '../floor/time';

const HOUR_MS = 3600_000;

interface Due { id: string; groupId: string; startsAt: Date; titleKk: string; titleRu: string; titleEn: string; courseKk: string; courseRu: string; courseEn: string }

/**
 * An hour before a live lesson its group's pupils get a notice and an SMS (notifications sends both from
 * `lesson.reminder.due`). Runs every REMINDER_INTERVAL_MS in every replica, reading the kit's Clock. Exactly once per
 * lesson: the lesson's row in `lesson_reminders` and the event go into one transaction, and a second worker (or the
 * same one after a restart) finds the row and writes nothing. Cancelled lessons and lessons already started are
 * skipped; a lesson moved later after its reminder is not reminded again.
 */
@Injectable()
export class LessonReminders extends PeriodicPass<number> {
  static readonly INTERVAL_MS = 30_000;
  static readonly AHEAD_MS = HOUR_MS;

  constructor(
    private readonly ds: DataSource,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: LessonReminders.INTERVAL_MS, what: 'lesson reminders' }, logger);
  }

  protected async pass(): Promise<number> {
    const now = this.clock.now();
    const due = await this.ds.query(
      `SELECT l.id, l.group_id AS "groupId", l.starts_at AS "startsAt", l.title_kk AS "titleKk", l.title_ru AS "titleRu", l.title_en AS "titleEn",
              c.title_kk AS "courseKk", c.title_ru AS "courseRu", c.title_en AS "courseEn"
         FROM lessons l JOIN course_groups g ON g.id = l.group_id JOIN courses c ON c.id = g.course_id
        WHERE l.kind = 'live' AND l.starts_at > $1 AND l.starts_at <= $2
          AND NOT EXISTS (SELECT 1 FROM lesson_reminders r WHERE r.lesson_id = l.id)
          AND NOT EXISTS (SELECT 1 FROM lesson_cancellations x WHERE x.lesson_id = l.id)
        ORDER BY l.starts_at LIMIT 200`,
      [now, new Date(now.getTime() + LessonReminders.AHEAD_MS)],
    ) as Due[];
    let sent = 0;
    for (const l of due) if (await this.remind(l, now)) sent += 1;
    return sent;
  }

  private remind(l: Due, now: Date): Promise<boolean> {
    return this.ds.transaction(async (m) => {
      const claimed = await m.query(
        'INSERT INTO lesson_reminders (lesson_id, reminded_at) VALUES ($1, $2) ON CONFLICT (lesson_id) DO NOTHING RETURNING lesson_id',
        [l.id, now],
      ) as unknown[];
      if (!claimed.length) return false;
      const pupils = (await m.query(
        `SELECT user_id AS "userId" FROM course_group_members WHERE group_id = $1 AND role = 'pupil' ORDER BY added_at LIMIT 1000`, [l.groupId],
      ) as { userId: string }[]).map((p) => p.userId);
      if (!pupils.length) return false;
      await this.outbox.add(m, 'lesson.reminder.due', {
        lessonId: l.id, groupId: l.groupId, pupils,
        title: { kk: l.titleKk, ru: l.titleRu, en: l.titleEn },
        course: { kk: l.courseKk, ru: l.courseRu, en: l.courseEn },
        startsAt: l.startsAt.toISOString(), startsAtAlmaty: almaty(l.startsAt), remindedAt: now.toISOString(),
      });
      return true;
    });
  }
}
