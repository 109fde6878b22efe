/**
 * Flashcards (phone first): the deck's due and new cards one at a time; tap the card to flip it, then answer with
 * one of FSRS's four ratings. The server schedules (ts-fsrs) and stores the pupil's state; the page moves on.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import { type ReviewRating, type StudyCard, getDeck, reviewCard } from '../../../api/library';
import { Button, ButtonLink, EmptyState, Skeleton } from '../../../design';
import { useToast } from '../../../design/toasts';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { LoadFailed } from '../../../layouts/LoadFailed';
import './flashcards.css';

const RATINGS: ReviewRating[] = ['again', 'hard', 'good', 'easy'];

/** Cards to go through now: never seen, or due by now. */
const toStudy = (cards: StudyCard[], now: number) => cards.filter((c) => !c.review || new Date(c.review.due).getTime() <= now);

export default function FlashcardsPage() {
  const { t } = useTranslation('library');
  const { libraryId = '', kind = 'chapter', deckId = '' } = useParams();
  const locale = currentLocale();
  const toast = useToast();
  const deckKind = kind === 'collection' ? 'collection' : 'chapter';
  const { data, error, reload } = useApi(() => getDeck(deckKind, deckId), `deck-${deckKind}-${deckId}`);
  const [done, setDone] = useState<string[]>([]);
  const [flipped, setFlipped] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageTitle(data ? pick(data.title, locale) : t('study.title'));
  if (error) return <LoadFailed error={error} onRetry={() => void reload()} />;
  if (!data) return <Skeleton height={320} />;

  const queue = toStudy(data.cards, Date.now()).filter((c) => !done.includes(c.id));
  const card = queue[0];
  const answer = async (rating: ReviewRating) => {
    if (!card) return;
    setBusy(true);
    try {
      await reviewCard(card.id, rating);
      setDone((d) => [...d, card.id]);
      setFlipped(false);
    } catch {
      toast.show({ type: 'error', text: t('study.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flashcards">
      <h1 className="page-title">{pick(data.title, locale)}</h1>
      <p className="muted" data-testid="remaining">{t('study.remaining', { count: queue.length })}</p>
      {!card ? (
        <EmptyState title={t('study.finished')}>
          <ButtonLink to={`/student/library/${libraryId}`}>{t('study.back')}</ButtonLink>
        </EmptyState>
      ) : (
        <>
          <button
            type="button"
            className={`flashcard${flipped ? ' flashcard--flipped' : ''}`}
            onClick={() => setFlipped((f) => !f)}
            aria-label={flipped ? t('study.showFront') : t('study.showBack')}
            data-testid="flashcard"
          >
            <span className="flashcard__side-label">{flipped ? t('study.back_side') : t('study.front_side')}</span>
            <span className="flashcard__text">{pick(flipped ? card.back : card.front, locale)}</span>
            {(flipped ? card.backImageUrl : card.frontImageUrl) ? <img className="flashcard__image" src={(flipped ? card.backImageUrl : card.frontImageUrl) ?? ''} alt="" /> : null}
            {flipped && card.formula ? <code className="flashcard__formula">{card.formula}</code> : null}
          </button>
          {flipped ? (
            <div className="flashcard__ratings" role="group" aria-label={t('study.how')}>
              {RATINGS.map((r) => (
                <Button key={r} variant={r === 'again' ? 'danger' : r === 'good' ? 'primary' : 'outline'} busy={busy} disabled={busy} onClick={() => void answer(r)} data-testid={`rate-${r}`}>
                  {t(`study.ratings.${r}`)}
                </Button>
              ))}
            </div>
          ) : (
            <Button block onClick={() => setFlipped(true)} data-testid="flip">{t('study.flip')}</Button>
          )}
        </>
      )}
    </div>
  );
}
