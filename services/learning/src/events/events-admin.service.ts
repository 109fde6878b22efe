import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLog, type AuthUser, Clock, notFound } from '@olymp/server-kit';
import { LearningEvent } from '../floor/event.entities';

/** Staff's actions on an event beyond its CRUD: publishing and unpublishing (audited). */
@Injectable()
export class EventsAdmin {
  constructor(private readonly ds: DataSource, private readonly audit: AuditLog, private readonly clock: Clock) {}

  exists(id: string): Promise<boolean> {
    return this.ds.getRepository(LearningEvent).existsBy({ id });
  }

  setPublished(user: AuthUser, id: string, published: boolean): Promise<LearningEvent> {
    return this.change(user, id, published ? 'publish' : 'unpublish', (before) =>
      before.published === published ? {} : { published, publishedAt: published ? this.clock.now() : before.publishedAt });
  }

  setImage(user: AuthUser, id: string, imageUrl: string): Promise<LearningEvent> {
    return this.change(user, id, 'images', () => ({ imageUrl }));
  }

  private change(user: AuthUser, id: string, action: string, patchOf: (before: LearningEvent) => Partial<LearningEvent>): Promise<LearningEvent> {
    return this.ds.transaction(async (m) => {
      const before = await m.createQueryBuilder(LearningEvent, 'e').setLock('pessimistic_write').where('e.id = :id', { id }).getOne();
      if (!before) throw notFound();
      const patch = patchOf(before);
      if (Object.keys(patch).length) await m.update(LearningEvent, { id }, patch);
      const after = await m.findOneByOrFail(LearningEvent, { id });
      await this.audit.record(m, { actor: { sub: user.sub, roleId: user.roleId }, action, resource: 'events', resourceId: id, before, after });
      return after;
    });
  }
}
