import { Injectable } from '@nestjs/common';
import { Clock, EventOutbox, RpcClient } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import type { LearningEvent } from '../floor/event.entities';
import { GroupMembership } from '../courses/group-membership';

/**
 * Chat membership of events (docs/chat.md): when an event for a course's pupils is published, the pupils of that
 * course's groups become members of the event's chat (`learning.membership.changed`, kind `event`, in the publish's
 * transaction); unpublishing takes them out; a pupil put on or taken off a group of the course later follows
 * (`GroupMembership.announce`). An event for all pupils or one grade writes `event.audience.changed`:
 * notifications keeps its chat open to every pupil (of the grade) rather than one row per pupil.
 * Only global providers are used, so the events module needs no new import.
 */
@Injectable()
export class EventMembership {
  private readonly facts: GroupMembership;

  constructor(private readonly outbox: EventOutbox, rpc: RpcClient, private readonly clock: Clock) {
    this.facts = new GroupMembership(outbox, rpc, clock);
  }

  /** `at`: the facts' instant (the Clock's now by default; an edit passes two, so the newer audience wins). */
  /**
   * A published event's audience changed by an edit: the old audience's chat membership ends, then (a millisecond
   * later, so the newer fact wins for a pupil in both) the new one's begins, in the edit's transaction.
   */
  async audienceChanged(m: EntityManager, before: LearningEvent, after: LearningEvent): Promise<void> {
    const same = before.audience === after.audience && before.grade === after.grade && before.courseId === after.courseId;
    if (same || !before.published) return;
    const t = this.clock.now();
    await this.published(m, before, false, t);
    await this.published(m, after, true, new Date(t.getTime() + 1));
  }

  async published(m: EntityManager, event: Pick<LearningEvent, 'id' | 'titleKk' | 'titleRu' | 'titleEn' | 'audience' | 'grade' | 'courseId'>, active: boolean, at?: Date): Promise<void> {
    const title = { kk: event.titleKk, ru: event.titleRu, en: event.titleEn };
    if (event.audience === 'all' || event.audience === 'grade') {
      // No row per pupil: notifications keeps the event's chat open to every pupil (of the grade) while published.
      const fallback = title.kk || title.ru || title.en || 'event';
      await this.outbox.add(m, 'event.audience.changed', {
        group: { kind: 'event', id: event.id },
        title: { kk: title.kk || fallback, ru: title.ru || fallback, en: title.en || fallback },
        open: active,
        grade: event.audience === 'grade' ? event.grade : null,
        at: (at ?? this.clock.now()).toISOString(),
      });
      return;
    }
    if (event.audience !== 'course' || !event.courseId) return;
    const pupils = (await m.query(
      `SELECT DISTINCT gm.user_id FROM course_group_members gm JOIN course_groups g ON g.id = gm.group_id
        WHERE g.course_id = $1 AND gm.role = 'pupil' ORDER BY gm.user_id`,
      [event.courseId],
    )) as { user_id: string }[];
    const ids = pupils.map((p) => p.user_id);
    if (!ids.length) return;
    const names = await this.facts.names(ids);
    await this.facts.write(m, { kind: 'event', id: event.id }, { kk: event.titleKk, ru: event.titleRu, en: event.titleEn }, ids.map((userId) => ({ userId, role: 'pupil' as const })), active, names, at);
  }
}
