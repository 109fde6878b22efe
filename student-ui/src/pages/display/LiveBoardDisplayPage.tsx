/**
 * /leaderboard-live/{uuid}: the board for a projector or a TV (spec section 2). Large type, no controls, no sign-in.
 * It shows the public board at once (GET /api/leaderboard-live/{id}), then every push of an anonymous socket that
 * subscribed the board in its handshake; after a network drop socket.io reconnects on its own and the server sends
 * the current board again, so the screen never needs a person. An address that names no board (no such challenge or
 * training) says so, instead of a "live" board that stays empty forever.
 */
import './display.css';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import type { BoardView, PublicRow } from '@olymp/proto';
import { currentLocale } from '@olymp/web-common';
import { apiJson } from '../../api/http';
import { usePageTitle } from '../../hooks/usePageTitle';
import { Logo } from '../../layouts/Logo';
import { formatDuration, formatNumber, pick, type Localized } from '../../lib/format';

/**
 * A title for a large screen: a word with a hyphen ("5-сынып") is kept on one line (browsers may break after a
 * hyphen); lines break only between words.
 */
function keepHyphenated(text: string) {
  return text.split(/(\s+)/).map((part, i) =>
    part.includes('-') ? (
      <span key={i} className="display__word">
        {part}
      </span>
    ) : (
      <Fragment key={i}>{part}</Fragment>
    ),
  );
}

/** A refusal that means "no such board": unknown id (404) or an address that is no id at all (400). */
const isMissing = (error: unknown) => [400, 404].includes((error as { status?: number }).status ?? 0);

export default function LiveBoardDisplayPage() {
  const { t } = useTranslation('challenges');
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const kind = params.get('kind') === 'training' ? 'training' : 'challenge';
  const [view, setView] = useState<BoardView<PublicRow> | null>(null);
  const [title, setTitle] = useState<Localized>(null);
  const [state, setState] = useState<'connecting' | 'live' | 'reconnecting' | 'missing'>('connecting');
  // How many boards arrived over the socket (for the screen's own diagnostics and the tests).
  const [pushes, setPushes] = useState(0);
  const locale = currentLocale();
  usePageTitle(pick(title, locale) || t('board.title'));

  useEffect(() => {
    let cancelled = false;
    let missing = false;
    let version = -1;
    let close: (() => void) | undefined;
    const markMissing = () => {
      missing = true;
      setState('missing');
      close?.();
    };
    apiJson<{ data: BoardView<PublicRow> }>(`leaderboard-live/${id}?kind=${kind}`).then(
      (answer) => {
        if (!cancelled && answer.data.version >= version) {
          version = answer.data.version;
          setView(answer.data);
        }
      },
      (error: unknown) => {
        if (!cancelled && isMissing(error)) markMissing();
      },
    );
    apiJson<{ data: { title: Localized } }>(kind === 'challenge' ? `challenges-all/${id}` : `trainings-all/${id}`).then(
      (answer) => !cancelled && setTitle(answer.data.title),
      (error: unknown) => {
        if (!cancelled && isMissing(error)) markMissing();
      },
    );
    void import('../../realtime/socket').then(({ connectLive }) => {
      if (cancelled || missing) return;
      const connection = connectLive({ signedIn: false, boards: [{ kind, id }] });
      const socket = connection.socket;
      socket.on('connect', () => {
        version = -1; // a new node numbers its versions afresh
        if (!missing) setState('live');
      });
      socket.on('disconnect', () => !missing && setState('reconnecting'));
      socket.on('connect_error', () => !missing && setState('reconnecting'));
      socket.on('board', (next) => {
        if (next.board.id !== id || next.version < version) return;
        version = next.version;
        setView(next as BoardView<PublicRow>);
        setPushes((n) => n + 1);
      });
      close = () => connection.close();
    });
    return () => {
      cancelled = true;
      close?.();
    };
  }, [id, kind]);

  return (
    <div className="display" data-pushes={pushes}>
      <header className="display__header">
        <Logo />
        <h1 className="display__title">{keepHyphenated(pick(title, locale) || t('board.title'))}</h1>
        {state === 'missing' ? null : (
          <p className={`display__state display__state--${state}`} role="status">
            <span className="display__dot" aria-hidden="true" />
            {t(`display.${state}`)}
          </p>
        )}
      </header>
      {state === 'missing' ? (
        <p className="display__error" role="alert">
          {t('display.missing')}
        </p>
      ) : view ? (
        <>
          <p className="display__meta">{t('board.participants', { n: view.participants })}</p>
          <ol className="display__rows" aria-label={t('board.title')}>
            {view.top.map((row) => (
              <li key={`${row.rank}:${row.name}:${row.points}`} className="display__row">
                <span className={row.rank <= 3 ? `display__rank display__rank--${row.rank}` : 'display__rank'}>{row.rank}</span>
                <span className="display__who">
                  <span className="display__name">{row.name ?? '—'}</span>
                  <span className="display__place">{[row.school, row.region].filter(Boolean).join(' · ')}</span>
                </span>
                <span className="display__points">{formatNumber(row.points, locale)}</span>
                <span className="display__time">{formatDuration(row.timeSpentMs)}</span>
              </li>
            ))}
          </ol>
          {view.top.length === 0 ? <p className="display__empty">{t('board.empty')}</p> : null}
        </>
      ) : null}
    </div>
  );
}
