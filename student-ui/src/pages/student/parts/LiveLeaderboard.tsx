/**
 * The live leaderboard tab: the board from the API (full rows, the pupil's own rank), then kept current by the
 * `board` and `board:me` pushes of the shared socket. Live rows replace the first page when a newer version comes.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardView, MemberRow, MyStanding, PublicRow } from '@olymp/proto';
import { currentLocale } from '@olymp/web-common';
import { getLeaderboard, type Leaderboard } from '../../../api/learning';
import { EmptyState, Skeleton } from '../../../design';
import { formatDuration, formatNumber, pick } from '../../../lib/format';
import { LoadFailed } from '../../../layouts/LoadFailed';

interface Row {
  rank: number;
  name: string;
  school: string;
  region: string;
  points: number;
  timeSpentMs: number;
  correct: number | null;
  percent: number | null;
}

/** A row as the live board shows it (also the API's rows for a pupil: the same member shape, no ids). */
function fromLiveRow(r: PublicRow | MemberRow): Row {
  return {
    rank: r.rank,
    name: r.name ?? '—',
    school: r.school ?? '',
    region: r.region ?? '',
    points: r.points,
    timeSpentMs: r.timeSpentMs,
    correct: 'correctCount' in r ? r.correctCount : null,
    percent: 'percent' in r ? r.percent : null,
  };
}

/** A pupil gets the live board's member rows (place names already in their locale); staff get full rows. */
function fromApi(board: Leaderboard): Row[] {
  const locale = currentLocale();
  return board.data.map((r) =>
    'userId' in r
      ? {
          rank: r.rank,
          name: r.name,
          school: pick(r.school?.name, locale),
          region: pick(r.province?.name, locale),
          points: r.points,
          timeSpentMs: r.timeSpentMs,
          correct: r.correctAnswers,
          percent: r.percentage,
        }
      : fromLiveRow(r),
  );
}

function fromLive(view: BoardView<PublicRow | MemberRow>): Row[] {
  return view.top.map(fromLiveRow);
}

export function LiveLeaderboard({ kind, id }: { kind: 'challenge' | 'training'; id: string }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [me, setMe] = useState<{ rank: number; points: number; timeSpentMs: number } | null>(null);
  const [participants, setParticipants] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [live, setLive] = useState(false);
  // Bumped by "try again": the effect runs afresh (request and subscription).
  const [attempt, setAttempt] = useState(0);
  const reload = () => {
    setError(null);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    let cancelled = false;
    let version = -1;
    let stop: (() => void) | undefined;
    getLeaderboard(kind, id).then(
      (board) => {
        if (cancelled) return;
        setRows((current) => (version >= 0 && current ? current : fromApi(board)));
        setParticipants((p) => p ?? board.total);
        if (board.me) setMe((m) => m ?? { rank: board.me!.rank, points: board.me!.points, timeSpentMs: board.me!.timeSpentMs });
      },
      (err: unknown) => !cancelled && setError(err),
    );
    void import('../../../realtime/socket').then(({ acquireSharedConnection }) => {
      if (cancelled) return;
      const { connection, release } = acquireSharedConnection();
      const board = { kind, id };
      const onBoard = (view: BoardView<PublicRow | MemberRow>) => {
        if (view.board.id !== id || view.board.kind !== kind || view.version < version) return;
        version = view.version;
        setRows(fromLive(view));
        setParticipants(view.participants);
      };
      const onMe = (standing: MyStanding) => {
        if (standing.board.id === id && standing.board.kind === kind) setMe({ rank: standing.rank, points: standing.points, timeSpentMs: standing.timeSpentMs });
      };
      // Another node numbers versions afresh: after a reconnect, take what comes.
      const onConnect = () => {
        version = -1;
        setLive(true);
      };
      const onDisconnect = () => setLive(false);
      connection.socket.on('board', onBoard);
      connection.socket.on('board:me', onMe);
      connection.socket.on('connect', onConnect);
      connection.socket.on('disconnect', onDisconnect);
      if (connection.socket.connected) setLive(true);
      const unwatch = connection.watch(board);
      stop = () => {
        unwatch();
        connection.socket.off('board', onBoard);
        connection.socket.off('board:me', onMe);
        connection.socket.off('connect', onConnect);
        connection.socket.off('disconnect', onDisconnect);
        release();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [kind, id, attempt]);

  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!rows) return <Skeleton height={240} />;
  return (
    <section className="stack" aria-labelledby="board-title">
      <div className="cluster">
        <h2 id="board-title">{t('board.title')}</h2>
        <span className={live ? 'badge badge--success' : 'badge badge--neutral'}>{live ? t('board.live') : t('board.offline')}</span>
        {participants !== null ? <span className="muted">{t('board.participants', { n: participants })}</span> : null}
      </div>
      {me ? (
        <p className="card" data-testid="my-rank">
          {t('board.me', { rank: me.rank, points: formatNumber(me.points, locale), time: formatDuration(me.timeSpentMs) })}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState title={t('board.empty')} />
      ) : (
        <div className="table-wrap">
          {/* On a phone every row becomes a card with each figure labelled: no column is ever cut off. */}
          <table className="table table--cards">
            <thead>
              <tr>
                <th className="num">#</th>
                <th>{t('board.name')}</th>
                <th>{t('board.school')}</th>
                <th>{t('board.region')}</th>
                <th className="num">{t('board.points')}</th>
                <th className="num">{t('board.correct')}</th>
                <th className="num">{t('board.percent')}</th>
                <th className="num">{t('board.time')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.rank}:${r.name}:${r.points}`} className={me && me.rank === r.rank && me.points === r.points ? 'is-me' : undefined}>
                  <td className="num table__rank" data-label="#">
                    {r.rank}
                  </td>
                  <td className="table__lead" data-label={t('board.name')}>
                    {r.name}
                  </td>
                  <td data-label={t('board.school')}>{r.school}</td>
                  <td data-label={t('board.region')}>{r.region}</td>
                  <td className="num" data-label={t('board.points')}>
                    {formatNumber(r.points, locale)}
                  </td>
                  <td className="num" data-label={t('board.correct')}>
                    {r.correct ?? '—'}
                  </td>
                  <td className="num" data-label={t('board.percent')}>
                    {r.percent === null ? '—' : `${formatNumber(r.percent, locale)}%`}
                  </td>
                  <td className="num" data-label={t('board.time')}>
                    {formatDuration(r.timeSpentMs)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
