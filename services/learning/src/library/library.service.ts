import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AuditLog, type AuthUser, notFound } from '@olymp/server-kit';
import type { LibraryPage, LibrarySearchReply, LibrarySubject, LibrarySummary } from '@olymp/proto';
import { CARD_SEARCH_DOCUMENT, CHAPTER_SEARCH_DOCUMENT, Library, LibraryChapter, LibraryCollection, LibrarySubchapter } from '../floor/library.entities';
import { localized } from '../floor/localized';
import { prefixQuery } from './search';
import { Study } from './study.service';

type Counts = { chapters: number; cards: number };

/** Published libraries for pupils (list, a library's page, search) and publishing for staff. */
@Injectable()
export class Libraries {
  constructor(
    private readonly ds: DataSource,
    private readonly audit: AuditLog,
    private readonly study: Study,
  ) {}

  private summary(l: Library, counts: Counts | undefined): LibrarySummary {
    return { id: l.id, subject: l.subject, grade: l.grade, title: localized(l, 'title'), chapterCount: counts?.chapters ?? 0, cardCount: counts?.cards ?? 0 };
  }

  private async counts(ids: string[]): Promise<Map<string, Counts>> {
    if (!ids.length) return new Map();
    const rows = (await this.ds.query(
      `SELECT l.id, (SELECT COUNT(*) FROM library_chapters c WHERE c.library_id = l.id)::int AS chapters,
              (SELECT COUNT(*) FROM library_cards k WHERE k.library_id = l.id)::int AS cards
         FROM libraries l WHERE l.id = ANY($1::uuid[])`, [ids])) as { id: string; chapters: number; cards: number }[];
    return new Map(rows.map((r) => [r.id, { chapters: r.chapters, cards: r.cards }]));
  }

  async list(q: { subject?: LibrarySubject; grade?: number }): Promise<LibrarySummary[]> {
    const rows = await this.ds.getRepository(Library).find({
      where: { published: true, ...(q.subject ? { subject: q.subject } : {}), ...(q.grade ? { grade: q.grade } : {}) },
      order: { grade: 'ASC', position: 'ASC', createdAt: 'DESC' },
    });
    const counts = await this.counts(rows.map((r) => r.id));
    return rows.map((r) => this.summary(r, counts.get(r.id)));
  }

  async page(id: string, userId: string | undefined): Promise<LibraryPage> {
    const library = await this.ds.getRepository(Library).findOneBy({ id, published: true });
    if (!library) throw notFound();
    const [chapters, subchapters, collections, counts] = await Promise.all([
      this.ds.getRepository(LibraryChapter).find({ where: { libraryId: id }, order: { position: 'ASC', id: 'ASC' } }),
      this.ds.getRepository(LibrarySubchapter).find({ where: { libraryId: id }, order: { position: 'ASC', id: 'ASC' } }),
      this.ds.getRepository(LibraryCollection).find({ where: { libraryId: id }, order: { position: 'ASC', createdAt: 'ASC' } }),
      this.counts([id]),
    ]);
    const cardCounts = new Map(((await this.ds.query(
      'SELECT subchapter_id, COUNT(*)::int AS n FROM library_cards WHERE library_id = $1 GROUP BY subchapter_id', [id])) as { subchapter_id: string; n: number }[])
      .map((r) => [r.subchapter_id, r.n]));
    const progress = userId ? await this.study.progress(userId, chapters.map((c) => c.id)) : null;
    return {
      ...this.summary(library, counts.get(id)),
      chapters: chapters.map((c) => ({
        id: c.id,
        title: localized(c, 'title'),
        subchapters: subchapters.filter((s) => s.chapterId === c.id).map((s) => ({ id: s.id, title: localized(s, 'title'), cardCount: cardCounts.get(s.id) ?? 0 })),
        progress: progress?.get(c.id) ?? null,
      })),
      collections: collections.map((c) => ({ id: c.id, title: localized(c, 'title'), cardCount: c.cardIds.length })),
    };
  }

  /** Cards and chapters of published libraries whose words start with every word of `q` (GIN full-text indexes). */
  async search(q: string, limit: number): Promise<LibrarySearchReply['data']> {
    const tsq = prefixQuery(q);
    if (!tsq) return { chapters: [], cards: [] };
    const [chapters, cards] = await Promise.all([
      this.ds.query(
        `SELECT c.id, c.library_id, c.title_kk, c.title_ru, c.title_en, l.title_kk AS l_kk, l.title_ru AS l_ru, l.title_en AS l_en
           FROM library_chapters c JOIN libraries l ON l.id = c.library_id AND l.published
          WHERE ${CHAPTER_SEARCH_DOCUMENT.replaceAll('"title_', 'c."title_')} @@ to_tsquery('simple', $1)
          ORDER BY l.grade, l.position, c.position, c.id LIMIT $2`, [tsq, limit]) as Promise<Record<string, string>[]>,
      this.ds.query(
        `SELECT k.id, k.library_id, k.chapter_id, k.front_kk, k.front_ru, k.front_en, k.back_kk, k.back_ru, k.back_en
           FROM library_cards k JOIN libraries l ON l.id = k.library_id AND l.published
          WHERE ${CARD_SEARCH_DOCUMENT.replaceAll('"front_', 'k."front_').replaceAll('"back_', 'k."back_')} @@ to_tsquery('simple', $1)
          ORDER BY l.grade, l.position, k.position, k.id LIMIT $2`, [tsq, limit]) as Promise<Record<string, string>[]>,
    ]);
    return {
      chapters: chapters.map((r) => ({ id: r.id, libraryId: r.library_id, title: { kk: r.title_kk, ru: r.title_ru, en: r.title_en }, libraryTitle: { kk: r.l_kk, ru: r.l_ru, en: r.l_en } })),
      cards: cards.map((r) => ({
        id: r.id, libraryId: r.library_id, chapterId: r.chapter_id,
        front: { kk: r.front_kk, ru: r.front_ru, en: r.front_en }, back: { kk: r.back_kk, ru: r.back_ru, en: r.back_en },
      })),
    };
  }

  /** Publishing or unpublishing, with its audit entry, in one transaction. */
  async publish(user: AuthUser, id: string, published: boolean): Promise<Library> {
    return this.ds.transaction(async (m) => {
      const before = await m.createQueryBuilder(Library, 'l').setLock('pessimistic_write').where('l.id = :id', { id }).getOne();
      if (!before) throw notFound();
      await m.update(Library, { id }, { published });
      const after = await m.findOneByOrFail(Library, { id });
      await this.audit.record(m, { actor: { sub: user.sub, roleId: user.roleId }, action: published ? 'publish' : 'unpublish', resource: 'library', resourceId: id, before, after });
      return after;
    });
  }
}
