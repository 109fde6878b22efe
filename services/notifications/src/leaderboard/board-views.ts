import { Injectable } from '@nestjs/common';
import { type Locale, memberRow, publicRow } from '@olymp/proto';
import type { BoardView, MemberRow, MyStanding, PublicRow } from '../realtime/socket-contract';
import type { Board } from './board-registry';
import type { RankedStanding } from '@olymp/server-kit/ranking';
import { BoardPeople } from './board-people';

export type Audience = 'public' | 'member';

/**
 * Turns a board's ranking into what viewers see. The public view (display screens, anonymous sockets,
 * GET /api/leaderboard-live/{id}) carries name, school, region, points and time only; signed-in viewers also get
 * district, correct answers and percentage. Nothing carries user ids or phones.
 */
@Injectable()
export class BoardViews {
  constructor(private readonly people: BoardPeople) {}

  /** Looks up the names the top rows need (once for every audience and locale of one push). */
  async prepare(board: Board, top: RankedStanding[]): Promise<void> {
    if (top.length) await this.people.resolve(board.ref, top.map((r) => r.userId));
  }

  /** The board's size and version at the moment `top` was taken (events may land while names are looked up). */
  snapshot(board: Board): { participants: number; version: number } {
    return { participants: board.ranking.size, version: board.ranking.version };
  }

  view(board: Board, top: RankedStanding[], audience: Audience, locale: Locale, at = this.snapshot(board)): BoardView<PublicRow | MemberRow> {
    const maxPoints = this.people.maxPoints(board.ref);
    return {
      board: { kind: board.ref.kind, id: board.ref.id },
      version: at.version,
      participants: at.participants,
      maxPoints,
      // proto's row builders: learning's leaderboard routes show anonymous callers and other pupils the same rows.
      top: top.map((r) => {
        const who = this.people.person(board.ref, r.userId);
        return audience === 'public' ? publicRow(r, who, locale) : memberRow(r, who, maxPoints, locale);
      }),
      at: new Date().toISOString(),
    };
  }

  me(board: Board, userId: string): MyStanding | null {
    const s = board.ranking.get(userId);
    const rank = board.ranking.rankOf(userId);
    if (!s || rank === null) return null;
    return {
      board: { kind: board.ref.kind, id: board.ref.id },
      rank,
      participants: board.ranking.size,
      points: s.points,
      timeSpentMs: s.timeSpentMs,
      correctCount: s.correctCount,
    };
  }
}
