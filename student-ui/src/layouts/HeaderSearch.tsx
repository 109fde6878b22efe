/**
 * The header's lesson search (spec sections 1 and 4: debounced 300 ms). It searches the published challenges and
 * trainings by title in the pupil's language (the lists are fetched once, on the first search) and, with one request
 * per settled query, the library's chapters and cards (`library/search`, prefix full-text over kk/ru/en). On a phone
 * the field is behind a search button, so the header stays one row.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import type { LibrarySearchReply } from '@olymp/proto';
import { apiJson } from '../api/http';
import { pick, type Localized } from '../lib/format';

export const SEARCH_DEBOUNCE_MS = 300;

interface Hit {
  id: string;
  title: Localized;
  kind: 'challenge' | 'training' | 'chapter' | 'card';
  to: string;
}

/** At most this many lessons, and this many library chapters and cards each, in the list. */
const LESSONS_SHOWN = 6;
const LIBRARY_SHOWN = 4;

const KIND_LABEL = { challenge: 'header.kindChallenge', training: 'header.kindTraining', chapter: 'header.kindChapter', card: 'header.kindCard' } as const;

/** Chapters and cards of published libraries for a query; a failed search shows the lessons alone. */
function searchLibrary(q: string): Promise<Hit[]> {
  return apiJson<LibrarySearchReply>(`library/search?q=${encodeURIComponent(q)}&limit=${LIBRARY_SHOWN}`).then(
    ({ data }) => [
      ...data.chapters.map((c) => ({ id: c.id, title: c.title, kind: 'chapter' as const, to: `/student/library/${c.libraryId}/study/chapter/${c.id}` })),
      ...data.cards.map((c) => ({ id: c.id, title: c.front, kind: 'card' as const, to: `/student/library/${c.libraryId}/study/chapter/${c.chapterId}` })),
    ],
    () => [],
  );
}

let catalogue: Promise<Hit[]> | null = null;

function loadCatalogue(): Promise<Hit[]> {
  catalogue ??= Promise.all([
    apiJson<{ data: { id: string; title: Localized }[] }>('challenges-all'),
    apiJson<{ data: { id: string; title: Localized }[] }>('trainings-all'),
  ]).then(
    ([challenges, trainings]) => [
      ...challenges.data.map((c) => ({ id: c.id, title: c.title, kind: 'challenge' as const, to: `/student/challenges/${c.id}` })),
      ...trainings.data.map((c) => ({ id: c.id, title: c.title, kind: 'training' as const, to: `/student/training/${c.id}` })),
    ],
    (error: unknown) => {
      catalogue = null;
      throw error;
    },
  );
  return catalogue;
}

export function HeaderSearch() {
  const { t, i18n } = useTranslation();
  // On a phone the field opens from a button, under the one-row header.
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<Hit[] | null>(null);
  const listId = useId();
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const q = query.trim().toLocaleLowerCase();
    if (q.length < 2) {
      setHits(null);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(() => {
      const lessons = loadCatalogue().then(
        (all) => {
          const locale = currentLocale();
          return all.filter((h) => pick(h.title, locale).toLocaleLowerCase().includes(q)).slice(0, LESSONS_SHOWN);
        },
        () => [] as Hit[],
      );
      void Promise.all([lessons, searchLibrary(query.trim())]).then(([found, library]) => !cancelled && setHits([...found, ...library]));
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [query, i18n.resolvedLanguage]);

  const close = () => {
    setQuery('');
    setHits(null);
  };

  return (
    <div className={open ? 'search search--open' : 'search'} ref={box} onBlur={(e) => !box.current?.contains(e.relatedTarget as Node | null) && setHits(null)}>
      <button
        type="button"
        className="search__toggle"
        aria-expanded={open}
        aria-controls={`${listId}-field`}
        aria-label={t('header.searchOpen')}
        onClick={() => {
          setOpen((v) => !v);
          requestAnimationFrame(() => input.current?.focus());
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="6" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M16 16l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <div id={`${listId}-field`} className="search__field">
        <label className="visually-hidden" htmlFor={`${listId}-input`}>
          {t('header.searchLabel')}
        </label>
        <input
          ref={input}
          id={`${listId}-input`}
          className="search__input"
          type="search"
          value={query}
          placeholder={t('header.searchPlaceholder')}
          autoComplete="off"
          aria-controls={listId}
          aria-expanded={hits !== null}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => e.key === 'Escape' && close()}
        />
        {hits !== null ? (
          <ul id={listId} className="search__results" aria-label={t('header.searchResults')}>
            {hits.length === 0 ? <li className="search__empty">{t('header.searchNothing')}</li> : null}
            {hits.map((hit) => (
              <li key={`${hit.kind}:${hit.id}`}>
                <Link to={hit.to} onClick={close}>
                  <span className="search__kind">{t(KIND_LABEL[hit.kind])}</span>
                  {pick(hit.title, currentLocale())}
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
