import { Inject, Injectable } from '@nestjs/common';
import type { BoardPerson, BoardRef, RpcReply } from '@olymp/proto';
import { KIT_LOGGER, RpcClient } from '@olymp/server-kit';
import type { Logger } from 'pino';
import { NOTIFICATIONS_CONFIG } from '../tokens';
import type { NotificationsConfig } from '../config';
import { boardKey } from './board-registry';

type Person = RpcReply<'learning.board.people'>['people'][number];

interface PeopleOfBoard {
  maxPoints: number | null;
  people: Map<string, { person: Person | null; at: number }>;
  failedAt?: number;
}

const LOOKUP_TIMEOUT_MS = 2000;
const RETRY_AFTER_FAILURE_MS = 5000;
const BATCH = 500;

/**
 * Names and places of the pupils a board shows, from learning (`learning.board.people`, at most 500 ids a call),
 * asked lazily for the rows actually shown (the top N and a viewer's own row) and cached per board. When learning
 * cannot be asked, rows go out without names rather than late.
 */
@Injectable()
export class BoardPeople {
  private readonly boards = new Map<string, PeopleOfBoard>();
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NOTIFICATIONS_CONFIG) private readonly settings: NotificationsConfig,
    @Inject(KIT_LOGGER) private readonly logger: Logger,
  ) {}

  private entry(ref: BoardRef): PeopleOfBoard {
    const key = boardKey(ref);
    let e = this.boards.get(key);
    if (!e) {
      e = { maxPoints: null, people: new Map() };
      this.boards.set(key, e);
    }
    return e;
  }

  maxPoints(ref: BoardRef): number | null {
    return this.entry(ref).maxPoints;
  }

  /** Makes sure the given users are cached (fresh), asking learning for the missing ones. */
  async resolve(ref: BoardRef, userIds: string[]): Promise<void> {
    const e = this.entry(ref);
    const now = Date.now();
    const missing = userIds.filter((id) => {
      const hit = e.people.get(id);
      return !hit || now - hit.at > this.settings.LEADERBOARD_PEOPLE_TTL_MS;
    });
    if (!missing.length && e.maxPoints !== null) return;
    if (e.failedAt && now - e.failedAt < RETRY_AFTER_FAILURE_MS) return;
    const key = boardKey(ref);
    const running = this.inFlight.get(key);
    if (running) {
      await running;
      return this.resolveMissingOnce(ref, e, userIds);
    }
    const p = this.lookup(ref, e, missing.length ? missing : userIds.slice(0, 1)).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    await p;
  }

  /** After waiting for someone else's lookup: one more lookup for ids it did not cover. */
  private async resolveMissingOnce(ref: BoardRef, e: PeopleOfBoard, userIds: string[]): Promise<void> {
    const missing = userIds.filter((id) => !e.people.has(id));
    if (missing.length && !(e.failedAt && Date.now() - e.failedAt < RETRY_AFTER_FAILURE_MS)) await this.lookup(ref, e, missing);
  }

  private async lookup(ref: BoardRef, e: PeopleOfBoard, userIds: string[]): Promise<void> {
    if (!userIds.length) return;
    try {
      for (let i = 0; i < userIds.length; i += BATCH) {
        const ids = userIds.slice(i, i + BATCH);
        const reply = await this.rpc.request('learning.board.people', { board: ref, userIds: ids }, LOOKUP_TIMEOUT_MS);
        const at = Date.now();
        e.maxPoints = reply.maxPoints;
        const found = new Map(reply.people.map((p) => [p.userId, p]));
        for (const id of ids) e.people.set(id, { person: found.get(id) ?? null, at });
      }
      e.failedAt = undefined;
    } catch (err) {
      e.failedAt = Date.now();
      this.logger.warn({ board: ref, err: err instanceof Error ? err.message : err }, 'names of board rows could not be looked up');
    }
  }

  /** A cached pupil as proto's row builders take them (publicRow, memberRow); null when unknown. */
  person(ref: BoardRef, userId: string): BoardPerson | null {
    const p = this.entry(ref).people.get(userId)?.person;
    if (!p) return null;
    return { firstName: p.firstName, lastName: p.lastName, school: p.school?.name ?? null, province: p.province?.name ?? null, district: p.district?.name ?? null };
  }
}
