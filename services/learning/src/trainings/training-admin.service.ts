import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { AuditLog, type AuthUser, RpcClient, notFound } from '@olymp/server-kit';
import { Training } from '../floor/training.entities';
import { Participation } from '../floor/participation.entity';

const actorOf = (user: AuthUser) => ({ sub: user.sub, roleId: user.roleId });
const RESOURCE = 'trainings';

/** Staff's actions on a training beyond plain edits; each runs in one transaction with its audit entry. */
@Injectable()
export class TrainingAdmin {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
    private readonly rpc: RpcClient,
  ) {}

  private async locked(m: EntityManager, id: string): Promise<Training> {
    const t = await m.createQueryBuilder(Training, 't').setLock('pessimistic_write').where('t.id = :id', { id }).getOne();
    if (!t) throw notFound();
    return t;
  }

  /** One field group changes (publish, try number, image). */
  async set(user: AuthUser, id: string, action: string, patch: Partial<Training>): Promise<Training> {
    return this.ds.transaction(async (m) => {
      const before = await this.locked(m, id);
      await m.update(Training, { id }, patch);
      const after = await m.findOneByOrFail(Training, { id });
      await this.audit.record(m, { actor: actorOf(user), action, resource: RESOURCE, resourceId: id, before, after });
      return after;
    });
  }

  /**
   * A new reset interval (and optionally a new bar size). Pupils waiting for a refill get the new interval counted
   * from when their bar emptied (refill = emptied + interval, so the wait moves by the difference), and nobody
   * keeps more hearts than the new maximum.
   */
  async setHearts(user: AuthUser, id: string, body: { heartResetMinutes: number; heartsMax?: number }) {
    return this.ds.transaction(async (m) => {
      const before = await this.locked(m, id);
      const heartsMax = body.heartsMax ?? before.heartsMax;
      await m.update(Training, { id }, { heartResetMinutes: body.heartResetMinutes, heartsMax });
      const shift = body.heartResetMinutes - before.heartResetMinutes;
      const waiting = shift === 0 ? 0 : ((await m.createQueryBuilder().update(Participation)
        .set({ heartsRefillAt: () => 'hearts_refill_at + make_interval(mins => :shift)' })
        .where("board_kind = 'training' AND board_id = :id AND hearts_refill_at IS NOT NULL", { id, shift })
        .execute()).affected ?? 0);
      const capped = (await m.createQueryBuilder().update(Participation)
        .set({ hearts: heartsMax })
        .where("board_kind = 'training' AND board_id = :id AND hearts > :max", { id, max: heartsMax })
        .execute()).affected ?? 0;
      const after = await m.findOneByOrFail(Training, { id });
      await this.audit.record(m, {
        actor: actorOf(user), action: 'update-heart-reset-interval', resource: RESOURCE, resourceId: id,
        before: { heartResetMinutes: before.heartResetMinutes, heartsMax: before.heartsMax },
        after: { heartResetMinutes: after.heartResetMinutes, heartsMax: after.heartsMax, waitingMoved: waiting, heartsCapped: capped },
      });
      return after;
    });
  }

  /** Cancels the training's pending invoices in finance, then records who did it and how many went. */
  async cancelUnpaid(user: AuthUser, id: string) {
    if (!(await this.ds.getRepository(Training).existsBy({ id }))) throw notFound();
    const { cancelled } = await this.rpc.request('finance.invoice.cancel-unpaid', { product: { kind: 'training', id } });
    await this.ds.transaction((m) =>
      this.audit.record(m, { actor: actorOf(user), action: 'delete-unpaid-invoices', resource: RESOURCE, resourceId: id, after: { cancelled } }));
    return { cancelled };
  }
}
