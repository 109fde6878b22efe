import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock, EventOutbox, KIT_LOGGER, PeriodicPass, RpcClient } from '@olymp/server-kit';
import { LearningEvent } from '../floor/event.entities';
import { localized } from '../floor/localized';

/** Pupils per `learning.event.reminded` message (the contract's bound) and per page asked of auth. */
const BATCH = 1000;

/**
 * The reminder an hour before an event: once the Clock reaches `startsAt - 1 h` (and before the start), every pupil
 * of a published event's audience gets a notice (notifications, from `learning.event.reminded`). The row is locked
 * `FOR UPDATE SKIP LOCKED`, the audience resolved, the messages written to the outbox and `remindedAt` set in one
 * transaction, so two replicas, a restart or a second pass never remind twice, and a failure (auth unreachable)
 * leaves the event for the next pass. An event already started when first seen (the service was down) is not
 * reminded. Runs every 15 s in every replica (an hour's notice lands within 15 s of its time).
 */
@Injectable()
export class EventReminders extends PeriodicPass<number> {
  static readonly INTERVAL_MS = 15_000;
  static readonly LEAD_MS = 60 * 60 * 1000;

  constructor(
    private readonly ds: DataSource,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly rpc: RpcClient,
    @Inject(KIT_LOGGER) logger: Logger,
  ) {
    super({ intervalMs: EventReminders.INTERVAL_MS, what: 'event reminder sweep' }, logger);
  }

  protected async pass(): Promise<number> {
    let reminded = 0;
    for (;;) {
      const done = await this.ds.transaction(async (m) => {
        const now = this.clock.now();
        const e = await m.createQueryBuilder(LearningEvent, 'e').setLock('pessimistic_write').setOnLocked('skip_locked')
          .where('e.published = true AND e.remindedAt IS NULL')
          .andWhere('e.startsAt > :now AND e.startsAt <= :due', { now, due: new Date(now.getTime() + EventReminders.LEAD_MS) })
          .orderBy('e.startsAt', 'ASC').getOne();
        if (!e) return false;
        await this.remind(m, e, now);
        return true;
      });
      if (!done) return reminded;
      reminded += 1;
    }
  }

  private async remind(m: EntityManager, e: LearningEvent, now: Date): Promise<void> {
    const base = { eventId: e.id, title: localized(e, 'title'), startsAt: e.startsAt.toISOString(), onlineUrl: e.onlineUrl, remindedAt: now.toISOString() };
    let pupils = 0;
    for await (const userIds of this.audience(m, e)) {
      if (!userIds.length) continue;
      pupils += userIds.length;
      await this.outbox.add(m, 'learning.event.reminded', { ...base, userIds });
    }
    await m.update(LearningEvent, { id: e.id }, { remindedAt: now });
    this.logger.info({ eventId: e.id, pupils }, 'event reminder sent');
  }

  /** The pupils of the audience, a page at a time: course members from our tables, everyone or a grade from auth. */
  private async *audience(m: EntityManager, e: LearningEvent): AsyncGenerator<string[]> {
    if (e.audience === 'course') {
      let after = '00000000-0000-0000-0000-000000000000';
      for (;;) {
        const rows: { user_id: string }[] = await m.query(
          `SELECT DISTINCT m.user_id FROM course_group_members m JOIN course_groups g ON g.id = m.group_id
           WHERE g.course_id = $1 AND m.role = 'pupil' AND m.user_id > $2 ORDER BY m.user_id LIMIT ${BATCH}`,
          [e.courseId, after],
        );
        yield rows.map((r) => r.user_id);
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1].user_id;
      }
    }
    let after: string | null = null;
    for (;;) {
      const { userIds }: { userIds: string[] } = await this.rpc.request('auth.pupils.list', { grade: e.audience === 'grade' ? e.grade : null, after, limit: BATCH });
      yield userIds;
      if (userIds.length < BATCH) return;
      after = userIds[userIds.length - 1];
    }
  }
}
