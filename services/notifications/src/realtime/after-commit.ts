import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource, type EntityManager, type EntitySubscriberInterface, type QueryRunner } from 'typeorm';
import type { TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

/**
 * Runs work after the transaction of an EntityManager commits, and drops it on rollback. Consumers use it to push
 * to sockets only what is committed: an event handler runs inside the kit's inbox transaction, and a push made
 * there could announce a notice that a failed commit then takes back (and its redelivery would announce twice).
 */
@Injectable()
export class AfterCommit implements EntitySubscriberInterface, OnModuleInit {
  private readonly pending = new WeakMap<QueryRunner, (() => void)[]>();

  constructor(private readonly ds: DataSource) {}

  onModuleInit(): void {
    this.ds.subscribers.push(this);
  }

  /** Queues `work` for after the commit of `manager`'s transaction (at once when there is none). */
  run(manager: EntityManager, work: () => void): void {
    const runner = manager.queryRunner;
    if (!runner?.isTransactionActive) {
      work();
      return;
    }
    const list = this.pending.get(runner) ?? [];
    list.push(work);
    this.pending.set(runner, list);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (event.queryRunner.isTransactionActive) return; // a savepoint was released; the outer transaction goes on
    const list = this.pending.get(event.queryRunner);
    this.pending.delete(event.queryRunner);
    for (const work of list ?? []) work();
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (event.queryRunner.isTransactionActive) return; // rolled back to a savepoint only
    this.pending.delete(event.queryRunner);
  }
}
