import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLog, type AuthUser, Clock, notFound } from '@olymp/server-kit';
import { LearningEvent } from '../floor/event.entities';
import { EventMembership } from './event-membership';

/** Staff's actions on an event beyond its CRUD: publishing and unpublishing (audited). */
@Injectable()
export class EventsAdmin {
  constructor(private readonly ds: DataSource, private readonly audit: AuditLog, private readonly clock: Clock, private readonly membership: EventMembership) {}

  exists(id: string): Promise<boolean> {
    return this.ds.getRepository(LearningEvent).existsBy({ id });
  }

  setPublished(user: AuthUser, id: string, published: boolean): Promise<LearningEvent> {
    return this.change(user, id, published ? 'publish' : 'unpublish', (before) =>
      before.published === published ? {} : { published, publishedAt: published ? this.clock.now() : before.publishedAt },
    // The event's chat follows (event-membership.ts), in the same transaction, only when the state changed.
    (m, before, after) => (before.published === after.published ? undefined : this.membership.published(m, after, published)));
  }

  setImage(user: AuthUser, id: string, imageUrl: string): Promise<LearningEvent> {
    return this.change(user, id, 'images', () => ({ imageUrl }));
  }

  private change(
    user: AuthUser, id: string, action: string, patchOf: (before: LearningEvent) => Partial<LearningEvent>,
    then?: (m: EntityManager, before: LearningEvent, after: LearningEvent) => Promise<void> | undefined,
  ): Promise<LearningEvent> {
    return this.ds.transaction(async (m) => {
      const before = await m.createQueryBuilder(LearningEvent, 'e').setLock('pessimistic_write').where('e.id = :id', { id }).getOne();
      if (!before) throw notFound();
      const patch = patchOf(before);
      if (Object.keys(patch).length) await m.update(LearningEvent, { id }, patch);
      const after = await m.findOneByOrFail(LearningEvent, { id });
      await then?.(m, before, after);
      await this.audit.record(m, { actor: { sub: user.sub, roleId: user.roleId }, action, resource: 'events', resourceId: id, before, after });
      return after;
    });
  }
}
