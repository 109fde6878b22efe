/**
 * The top of a challenge test's result: a word of praise, the XP this attempt earned, the pupil's place and points
 * on the challenge's board, and "next test" when another test of an open day is still to take. XP comes from
 * finance's history (the posting for this attempt, made from learning's quiz.finished event, so it may arrive a
 * moment after the result: asked again a few times). A retake that beats nothing earns no XP and shows none.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '@olymp/web-common';
import { getHistory } from '../../../api/finance';
import { getChallenge, getLeaderboard } from '../../../api/learning';
import { ButtonLink, Stat } from '../../../design';
import { formatNumber } from '../../../lib/format';

const XP_TRIES = 5;
const XP_RETRY_MS = 1000;

interface Standing {
  rank: number;
  points: number;
}

export function ResultNext({ challengeId, attemptId, points }: { challengeId: string; attemptId: string; points: number }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const [xp, setXp] = useState<number | null>(null);
  const [standing, setStanding] = useState<Standing | null>(null);
  const [next, setNext] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const findXp = async (tries: number) => {
      const history = await getHistory('xp').catch(() => null);
      if (cancelled) return;
      const row = history?.data.find((r) => r.kind === 'quiz_xp' && r.reason?.attemptId === attemptId);
      if (row) setXp(row.amount);
      else if (tries > 1) timer = setTimeout(() => void findXp(tries - 1), XP_RETRY_MS);
    };
    // No points, no XP: nothing to wait for.
    if (points > 0) void findXp(XP_TRIES);
    else setXp(0);
    getLeaderboard('challenge', challengeId).then(
      (board) => !cancelled && board.me && setStanding({ rank: board.me.rank, points: board.me.points }),
      () => undefined,
    );
    getChallenge(challengeId).then(
      (challenge) => {
        if (cancelled) return;
        const open = challenge.checkpoints.find((c) => c.state === 'open');
        const quiz = open?.quizzes.find((q) => q.attempt?.status !== 'finished');
        setNext(open && quiz ? `/student/challenges/${challengeId}/checkpoints/${open.id}/quizzes/${quiz.id}/play` : null);
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [challengeId, attemptId, points]);

  return (
    <div className="result-next stack" data-testid="result-next">
      <p className="result-next__praise">{t('result.congrats')}</p>
      <div className="grid">
        {xp !== null ? <Stat label="XP" value={<span data-testid="result-xp">{t('result.xpGained', { n: formatNumber(xp, locale) })}</span>} /> : null}
        {standing ? (
          <Stat
            label={t('result.place', { rank: standing.rank })}
            value={<span data-testid="result-total">{`${formatNumber(standing.points, locale)} ${t('home.points').toLocaleLowerCase(locale)}`}</span>}
          />
        ) : null}
      </div>
      {next ? (
        <ButtonLink to={next} block>
          {t('result.nextTest')}
        </ButtonLink>
      ) : null}
    </div>
  );
}
