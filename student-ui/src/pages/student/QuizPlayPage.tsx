/**
 * Quiz play (spec sections 4 and 5; docs/learning.md "Time belongs to the server"): the three confirmations, then
 * one question at a time under the server's countdown. Every answer is saved as it is given (a "saved" mark shows
 * when the server has it), retried on a flaky network; the timer goes on from the server's remainingSeconds after a
 * reload or a return; when time runs out or the pupil finishes, the result page follows.
 *
 * Serves both the challenge route (.../checkpoints/:checkpointId/quizzes/:quizId/play) and the training route
 * (training/:trainingId/quizzes/:quizId/play?subchapter=...) and a flex lesson's test
 * (courses/flex-courses/:flexCourseId/quizzes/:quizId/play?chapter=...&lesson=...).
 */
import './quiz/quiz.css';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { finishQuiz, getPlay, startQuiz, type AnswerValue, type PlayView, type QuestionView, type QuizContextRef } from '../../api/learning';
import { useUser } from '../../auth/AuthProvider';
import { errorMessage } from '../../auth/otp';
import { Alert, Button, Checkbox, Spinner } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { mmss, pick } from '../../lib/format';
import { AnswerQueue, type AnswerSlot } from './quiz/answerQueue';

const PRECHECK_KEYS = ['charged', 'stableConnection', 'timerKeepsRunning'] as const;

function useQuizRoute() {
  const { challengeId, checkpointId, trainingId, flexCourseId, quizId = '' } = useParams();
  const [params] = useSearchParams();
  return useMemo(() => {
    if (flexCourseId) {
      // A flex lesson's test: back to (and, once finished, the result on) the lesson page.
      const lesson = params.get('lesson') ?? '';
      const chapter = params.get('chapter') ?? '';
      const back = `/student/courses/flex-courses/${flexCourseId}/chapters/${chapter}/lesson?lesson=${lesson}`;
      return { quizId, ctx: { flexLesson: lesson } as QuizContextRef, back, result: back };
    }
    if (trainingId) {
      const subchapter = params.get('subchapter') ?? undefined;
      const q = new URLSearchParams({ quiz: quizId, ...(subchapter ? { subchapter } : {}) });
      return {
        quizId,
        ctx: { subchapter } as QuizContextRef,
        back: subchapter ? `/student/training/${trainingId}/subchapter/${subchapter}` : `/student/training/${trainingId}`,
        result: `/student/training/${trainingId}/test/result?${q.toString()}`,
      };
    }
    const base = `/student/challenges/${challengeId}/checkpoints/${checkpointId}`;
    return { quizId, ctx: { checkpoint: checkpointId } as QuizContextRef, back: base, result: `${base}/quizzes/${quizId}/result` };
  }, [challengeId, checkpointId, trainingId, flexCourseId, quizId, params]);
}

export default function QuizPlayPage() {
  const { t } = useTranslation('challenges');
  const user = useUser();
  const route = useQuizRoute();
  const navigate = useNavigate();
  const [view, setView] = useState<PlayView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = currentLocale();
  usePageTitle(view ? pick(view.quiz.title, locale) : t('quiz.title'));

  const load = useCallback(async () => {
    setError(null);
    try {
      const loaded = await getPlay(user.uuid, route.quizId, route.ctx);
      if (loaded.attempt?.status === 'finished') {
        void navigate(route.result, { replace: true });
        return;
      }
      setView(loaded);
    } catch (err) {
      setError(errorMessage(err, t('errors.load')));
    }
  }, [user.uuid, route, navigate, t]);

  useEffect(() => {
    void load();
  }, [load]);

  if (error) {
    return (
      <div className="stack">
        <Alert tone="error">{error}</Alert>
        <div className="cluster">
          <Button variant="outline" onClick={() => void load()}>
            {t('actions.retry')}
          </Button>
          <Link to={route.back}>{t('actions.back')}</Link>
        </div>
      </div>
    );
  }
  if (!view) return <Spinner label={t('quiz.loading')} />;
  if (!view.attempt || view.attempt.status !== 'running') {
    return <Prechecks view={view} onStarted={setView} start={() => startQuiz(user.uuid, route.quizId, route.ctx)} back={route.back} />;
  }
  return <Play key={view.attempt.id} view={view} userId={user.uuid} quizId={route.quizId} resultPath={route.result} />;
}

function Prechecks({ view, start, onStarted, back }: { view: PlayView; start: () => Promise<PlayView>; onStarted: (v: PlayView) => void; back: string }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const all = PRECHECK_KEYS.every((k) => checked[k]);
  return (
    <section className="card quiz-prechecks">
      <h1 className="page-title">{pick(view.quiz.title, locale)}</h1>
      <p className="muted">
        {t('quiz.facts', { n: view.quiz.questionCount, minutes: Math.round(view.quiz.durationSeconds / 60), points: view.quiz.maxPoints })}
      </p>
      <h2>{t('quiz.prechecksTitle')}</h2>
      <div className="stack">
        {PRECHECK_KEYS.map((key) => (
          <Checkbox key={key} label={t(`quiz.prechecks.${key}`)} checked={checked[key] ?? false} onChange={(e) => setChecked((c) => ({ ...c, [key]: e.target.checked }))} />
        ))}
      </div>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="cluster">
        <Button
          disabled={!all}
          busy={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            start().then(onStarted, (err: unknown) => {
              setError(errorMessage(err, t('errors.load')));
              setBusy(false);
            });
          }}
        >
          {t('quiz.start')}
        </Button>
        <Link to={back}>{t('actions.back')}</Link>
      </div>
    </section>
  );
}

function currentKey(attemptId: string) {
  return `quiz_current:${attemptId}`;
}

function Play({ view, userId, quizId, resultPath }: { view: PlayView; userId: string; quizId: string; resultPath: string }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const navigate = useNavigate();
  const attempt = view.attempt!;
  const questions = view.questions;
  // The deadline on this device's clock, from the server's remaining seconds (never from the device's own time).
  const deadline = useRef(Date.now() + attempt.remainingSeconds * 1000);
  const [left, setLeft] = useState(attempt.remainingSeconds);
  const [slots, setSlots] = useState<ReadonlyMap<string, AnswerSlot>>(new Map());
  // Where this tab was (a reload); else, on another device or a new tab, the first question the server has no
  // answer for, so a pupil who switches devices picks up where they stopped.
  const [index, setIndex] = useState(() => {
    const raw = sessionStorage.getItem(currentKey(attempt.id));
    const stored = raw === null ? NaN : Number(raw);
    if (Number.isInteger(stored) && stored >= 0 && stored < questions.length) return stored;
    const firstOpen = questions.findIndex((q) => q.answer === null);
    return firstOpen >= 0 ? firstOpen : 0;
  });
  const [finishing, setFinishing] = useState<'idle' | 'confirm' | 'busy'>('idle');
  const [finishError, setFinishError] = useState<string | null>(null);
  const [offline, setOffline] = useState(typeof navigator !== 'undefined' && navigator.onLine === false);
  // Made in the effect (not in render): a closed queue is never reused, even when React runs effects twice.
  const [queue, setQueue] = useState<AnswerQueue | null>(null);
  const done = useRef(false);

  useEffect(() => {
    const q = new AnswerQueue(attempt.id, () => deadline.current, setSlots);
    q.restore(questions.map((x) => ({ questionId: x.id, answer: x.answer, seq: x.seq })));
    setQueue(q);
    return () => q.close();
  }, [attempt.id, questions]);

  useEffect(() => {
    sessionStorage.setItem(currentKey(attempt.id), String(index));
  }, [attempt.id, index]);

  useEffect(() => {
    const online = () => {
      setOffline(false);
      queue?.retryNow();
    };
    const offlineHandler = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', offlineHandler);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offlineHandler);
    };
  }, [queue]);

  const finish = useCallback(
    async (by: 'user' | 'timeout') => {
      if (done.current) return;
      done.current = true;
      setFinishing('busy');
      setFinishError(null);
      // Give queued answers their chance first; the server also takes saves up to 5 s after the deadline.
      await queue?.flush(by === 'timeout' ? 4000 : 8000);
      try {
        await finishQuiz(userId, quizId, attempt.id);
      } catch (err) {
        // When time ran out the server finishes the attempt itself; the result page waits for it.
        if (by === 'user') {
          done.current = false;
          setFinishing('idle');
          setFinishError(errorMessage(err, t('errors.finish')));
          return;
        }
      }
      queue?.close();
      sessionStorage.removeItem(currentKey(attempt.id));
      void navigate(resultPath, { replace: true, state: { finishedBy: by } });
    },
    [queue, userId, quizId, attempt.id, navigate, resultPath, t],
  );

  useEffect(() => {
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((deadline.current - Date.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0) void finish('timeout');
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [finish]);

  const question = questions[index];
  const slot = question ? slots.get(question.id) : undefined;
  const answered = questions.filter((q) => slots.has(q.id)).length;
  const warn = left <= 60;

  return (
    <section className="quiz" aria-labelledby="quiz-title">
      <header className="quiz__bar">
        <div className="quiz__heading">
          <h1 id="quiz-title" className="quiz__title">
            {pick(view.quiz.title, locale)}
          </h1>
          <p className="muted">{t('quiz.answered', { answered, total: questions.length })}</p>
        </div>
        <div className={warn ? 'quiz__timer quiz__timer--warn' : 'quiz__timer'} role="timer" aria-label={t('quiz.timeLeft')}>
          <span className="visually-hidden">{t('quiz.timeLeft')}</span>
          <time data-testid="quiz-timer">{mmss(left)}</time>
        </div>
      </header>

      {offline ? <Alert tone="warning">{t('quiz.offline')}</Alert> : null}

      <nav className="quiz__nav" aria-label={t('quiz.questions')}>
        {questions.map((q, i) => {
          const s = slots.get(q.id);
          return (
            <button
              key={q.id}
              type="button"
              className={['quiz__dot', i === index ? 'quiz__dot--current' : '', s ? `quiz__dot--${s.state}` : ''].join(' ')}
              aria-current={i === index ? 'step' : undefined}
              aria-label={t('quiz.questionN', { n: q.number }) + (s ? `, ${t(`quiz.state.${s.state}`)}` : '')}
              onClick={() => setIndex(i)}
            >
              {q.number}
            </button>
          );
        })}
      </nav>

      {question ? (
        <QuestionCard key={question.id} question={question} slot={slot} onAnswer={(answer) => queue?.answer(question.id, answer)} />
      ) : null}

      {/* Always on screen (sticky to the bottom): Next and Finish never need a scroll, the confirmation opens here. */}
      <div className="quiz__dock">
        {finishing === 'confirm' ? (
          <div className="card quiz__confirm" role="alertdialog" aria-labelledby="finish-title">
            <h2 id="finish-title">{t('quiz.finishConfirmTitle')}</h2>
            <p>{answered < questions.length ? t('quiz.finishUnanswered', { n: questions.length - answered }) : t('quiz.finishAll')}</p>
            <div className="cluster">
              <Button onClick={() => void finish('user')}>{t('quiz.finishConfirm')}</Button>
              <Button variant="outline" onClick={() => setFinishing('idle')}>
                {t('quiz.keepGoing')}
              </Button>
            </div>
          </div>
        ) : null}
        {finishError ? <Alert tone="error">{finishError}</Alert> : null}
        <div className="quiz__actions">
          <Button variant="outline" disabled={index === 0} onClick={() => setIndex((i) => Math.max(0, i - 1))}>
            {t('quiz.previous')}
          </Button>
          {index < questions.length - 1 ? (
            <Button variant="secondary" onClick={() => setIndex((i) => Math.min(questions.length - 1, i + 1))}>
              {t('quiz.next')}
            </Button>
          ) : null}
          <Button variant="primary" busy={finishing === 'busy'} onClick={() => setFinishing('confirm')} disabled={finishing === 'busy'}>
            {t('quiz.finish')}
          </Button>
        </div>
      </div>
    </section>
  );
}

function SaveMark({ slot }: { slot: AnswerSlot | undefined }) {
  const { t } = useTranslation('challenges');
  if (!slot) return <p className="save-mark save-mark--none">{t('quiz.notAnswered')}</p>;
  return (
    <p className={`save-mark save-mark--${slot.state}`} role="status" data-testid="save-mark">
      <span aria-hidden="true">{slot.state === 'saved' ? '✓' : slot.state === 'failed' ? '!' : '…'}</span> {t(`quiz.state.${slot.state}`)}
    </p>
  );
}

function QuestionCard({ question, slot, onAnswer }: { question: QuestionView; slot: AnswerSlot | undefined; onAnswer: (a: AnswerValue) => void }) {
  const { t } = useTranslation('challenges');
  const locale = currentLocale();
  const answer = slot?.answer;
  const name = `q-${question.id}`;
  return (
    <article className="card quiz__question">
      <p className="quiz__number">
        {t('quiz.questionN', { n: question.number })} · {t('quiz.points', { n: question.points })}
      </p>
      <h2 className="quiz__text">{pick(question.text, locale)}</h2>
      {question.imageUrl ? <img src={question.imageUrl} alt="" loading="lazy" /> : null}
      {question.kind === 'single' || question.kind === 'multiple' ? (
        <fieldset className="quiz__options">
          <legend className="visually-hidden">{pick(question.text, locale)}</legend>
          {(question.options ?? []).map((option) => {
            const checked =
              question.kind === 'single'
                ? !!answer && 'optionId' in answer && answer.optionId === option.id
                : !!answer && 'optionIds' in answer && answer.optionIds.includes(option.id);
            return (
              <label key={option.id} className={checked ? 'quiz__option quiz__option--checked' : 'quiz__option'}>
                <input
                  type={question.kind === 'single' ? 'radio' : 'checkbox'}
                  name={name}
                  checked={checked}
                  onChange={(e) => {
                    if (question.kind === 'single') onAnswer({ optionId: option.id });
                    else {
                      const current = answer && 'optionIds' in answer ? answer.optionIds : [];
                      const next = e.target.checked ? [...current, option.id] : current.filter((id) => id !== option.id);
                      onAnswer({ optionIds: next });
                    }
                  }}
                />
                <span>{pick(option.text, locale)}</span>
              </label>
            );
          })}
        </fieldset>
      ) : (
        <FreeAnswer question={question} answer={answer} onAnswer={onAnswer} />
      )}
      <SaveMark slot={slot} />
    </article>
  );
}

function FreeAnswer({ question, answer, onAnswer }: { question: QuestionView; answer: AnswerValue | undefined; onAnswer: (a: AnswerValue) => void }) {
  const { t } = useTranslation('challenges');
  const initial = answer && 'value' in answer ? String(answer.value) : answer && 'text' in answer ? answer.text : '';
  const [value, setValue] = useState(initial);
  const submit = () => {
    const trimmed = value.trim();
    if (!trimmed) return;
    if (question.kind === 'numeric') {
      const n = Number(trimmed.replace(',', '.'));
      if (Number.isFinite(n)) onAnswer({ value: n });
    } else onAnswer({ text: trimmed });
  };
  return (
    <form
      className="cluster"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label className="visually-hidden" htmlFor={`a-${question.id}`}>
        {t('quiz.yourAnswer')}
      </label>
      <input
        id={`a-${question.id}`}
        className="input quiz__free"
        inputMode={question.kind === 'numeric' ? 'decimal' : 'text'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onBlur={() => value.trim() !== initial && submit()}
        placeholder={t('quiz.yourAnswer')}
      />
      <Button type="submit" variant="secondary" small>
        {t('quiz.saveAnswer')}
      </Button>
    </form>
  );
}
