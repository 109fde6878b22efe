import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import { type EntityManager, In } from 'typeorm';
import { Library, LibraryCard, LibraryChapter, LibraryCollection, LibraryReviewState, LibrarySubchapter } from '../floor/library.entities';

/**
 * Rules of the library resources the schemas and constraints cannot say: every row knows its library (and a card
 * its chapter) from its parent, nothing moves to another library, and a collection holds only its library's cards.
 */

async function chapterOf(m: EntityManager, id: string | undefined): Promise<LibraryChapter> {
  const chapter = id ? await m.findOneBy(LibraryChapter, { id }) : null;
  if (!chapter) throw new DomainError('RELATED_NOT_FOUND', { field: 'chapterId', value: id ?? '?' });
  return chapter;
}

async function subchapterOf(m: EntityManager, id: string | undefined): Promise<LibrarySubchapter> {
  const sub = id ? await m.findOneBy(LibrarySubchapter, { id }) : null;
  if (!sub) throw new DomainError('RELATED_NOT_FOUND', { field: 'subchapterId', value: id ?? '?' });
  return sub;
}

async function assertLibrary(m: EntityManager, id: string | undefined) {
  if (!id || !(await m.existsBy(Library, { id }))) throw new DomainError('RELATED_NOT_FOUND', { field: 'libraryId', value: id ?? '?' });
}

@Injectable()
export class LibraryChapterHooks implements CrudHooks<LibraryChapter> {
  async beforeStore(input: Partial<LibraryChapter>, ctx: CrudWriteContext) {
    await assertLibrary(ctx.manager, input.libraryId);
  }
}

/** A subchapter takes its library from its chapter and may move only between chapters of that library. */
@Injectable()
export class LibrarySubchapterHooks implements CrudHooks<LibrarySubchapter> {
  async beforeStore(input: Partial<LibrarySubchapter>, ctx: CrudWriteContext) {
    input.libraryId = (await chapterOf(ctx.manager, input.chapterId)).libraryId;
  }

  async beforeUpdate(row: LibrarySubchapter, input: Partial<LibrarySubchapter>, ctx: CrudWriteContext) {
    if (input.chapterId === undefined || input.chapterId === row.chapterId) return;
    const chapter = await chapterOf(ctx.manager, input.chapterId);
    if (chapter.libraryId !== row.libraryId) throw new DomainError('RELATED_NOT_FOUND', { field: 'chapterId', value: input.chapterId });
    // Its cards (and the pupils' states of them) follow it into the new chapter.
    await ctx.manager.update(LibraryCard, { subchapterId: row.id }, { chapterId: chapter.id });
    await ctx.manager.query(
      'UPDATE library_review_states SET chapter_id = $1 WHERE card_id IN (SELECT id FROM library_cards WHERE subchapter_id = $2)', [chapter.id, row.id]);
  }
}

/** A card takes its chapter and library from its subchapter; it may move to any subchapter of the same library. */
@Injectable()
export class LibraryCardHooks implements CrudHooks<LibraryCard> {
  async beforeStore(input: Partial<LibraryCard>, ctx: CrudWriteContext) {
    const sub = await subchapterOf(ctx.manager, input.subchapterId);
    input.chapterId = sub.chapterId;
    input.libraryId = sub.libraryId;
  }

  async beforeUpdate(row: LibraryCard, input: Partial<LibraryCard>, ctx: CrudWriteContext) {
    if (input.subchapterId === undefined || input.subchapterId === row.subchapterId) return;
    const sub = await subchapterOf(ctx.manager, input.subchapterId);
    if (sub.libraryId !== row.libraryId) throw new DomainError('RELATED_NOT_FOUND', { field: 'subchapterId', value: input.subchapterId });
    input.chapterId = sub.chapterId;
    await ctx.manager.update(LibraryReviewState, { cardId: row.id }, { chapterId: sub.chapterId });
  }
}

/** A collection is its maker's (the caller), of one library, and holds only that library's cards, each once. */
@Injectable()
export class LibraryCollectionHooks implements CrudHooks<LibraryCollection> {
  private async assertCards(m: EntityManager, libraryId: string, cardIds: string[] | undefined) {
    if (!cardIds?.length) return;
    if (new Set(cardIds).size !== cardIds.length) throw new DomainError('VALIDATION_FAILED', { details: 'cardIds' }, { cardIds: 'duplicate card' });
    const found = new Map((await m.findBy(LibraryCard, { id: In(cardIds) })).map((c) => [c.id, c.libraryId]));
    for (const id of cardIds) {
      if (!found.has(id)) throw new DomainError('RELATED_NOT_FOUND', { field: 'cardIds', value: id });
      if (found.get(id) !== libraryId) throw new DomainError('COLLECTION_CARD_OUTSIDE_LIBRARY', { value: id });
    }
  }

  async beforeStore(input: Partial<LibraryCollection>, ctx: CrudWriteContext) {
    await assertLibrary(ctx.manager, input.libraryId);
    await this.assertCards(ctx.manager, input.libraryId as string, input.cardIds);
    input.ownerId = ctx.user?.sub ?? null;
  }

  async beforeUpdate(row: LibraryCollection, input: Partial<LibraryCollection>, ctx: CrudWriteContext) {
    await this.assertCards(ctx.manager, row.libraryId, input.cardIds);
  }
}
