import { Module } from '@nestjs/common';
import { AuditModule, CrudResource, UploadUrls } from '@olymp/server-kit';
import {
  createCardBody, createCollectionBody, createLibraryBody, createLibraryChapterBody, createLibrarySubchapterBody,
  updateCardBody, updateCollectionBody, updateLibraryBody, updateLibraryChapterBody, updateLibrarySubchapterBody,
} from '@olymp/proto';
import { Library, LibraryCard, LibraryChapter, LibraryCollection, LibrarySubchapter } from '../floor/library.entities';
import { LibraryCardHooks, LibraryChapterHooks, LibraryCollectionHooks, LibrarySubchapterHooks } from './library.hooks';
import { LIBRARY_SUBJECT_LABELS } from './library.display';
import { Libraries } from './library.service';
import { Study } from './study.service';
import { LibraryController } from './library.controller';

const titles = ['titleKk', 'titleRu', 'titleEn'] as const;
const label = ['title'] as const;
const byPosition = [{ field: 'position', order: 'ASC' }] as const;

/**
 * The library (spec sections 2, 3, 7; docs/learning.md "Library"): the staff resources `library`, `chapters`,
 * `subchapters`, `cards` and `collections`, publishing, and for pupils browsing, search and flashcard study with
 * spaced repetition (FSRS). Stands on the floor only.
 */
@Module({
  imports: [
    AuditModule,
    CrudResource.register({
      path: 'library', entity: Library, create: createLibraryBody, update: updateLibraryBody,
      access: { read: 'sidebar:library_index', store: 'library:create', update: 'library:update', destroy: 'library:delete' },
      searchable: titles, label,
      fields: { subject: { enumLabels: LIBRARY_SUBJECT_LABELS } },
      defaultSort: [...byPosition, { field: 'createdAt', order: 'DESC' }],
    }),
    CrudResource.register({
      path: 'chapters', entity: LibraryChapter, create: createLibraryChapterBody, update: updateLibraryChapterBody,
      access: { read: 'library:chapters_tab', store: 'library:chapter_create', update: 'library:update', destroy: 'library:delete' },
      searchable: titles, relations: { library: {} }, hooks: LibraryChapterHooks, label, defaultSort: byPosition,
    }),
    CrudResource.register({
      path: 'subchapters', entity: LibrarySubchapter, create: createLibrarySubchapterBody, update: updateLibrarySubchapterBody,
      access: { read: 'library:chapters_tab', store: 'library:chapter_create', update: 'library:update', destroy: 'library:delete' },
      searchable: titles, relations: { chapter: {} }, hooks: LibrarySubchapterHooks, label, defaultSort: byPosition,
    }),
    CrudResource.register({
      path: 'cards', entity: LibraryCard, create: createCardBody, update: updateCardBody,
      access: { read: 'library:chapters_tab', store: 'library:card_create', update: 'library:card_update', destroy: 'library:delete' },
      searchable: ['frontKk', 'frontRu', 'frontEn', 'backKk', 'backRu', 'backEn'], relations: { subchapter: {} }, hooks: LibraryCardHooks,
      label: ['front'],
      fields: { backKk: { hiddenInList: true }, backRu: { hiddenInList: true }, backEn: { hiddenInList: true }, frontImage: { hiddenInList: true }, backImage: { hiddenInList: true }, formula: { hiddenInList: true } },
      defaultSort: byPosition,
    }),
    CrudResource.register({
      path: 'collections', entity: LibraryCollection, create: createCollectionBody, update: updateCollectionBody,
      access: { read: 'library:collections_tab', write: 'library:collection_update' },
      searchable: titles, relations: { library: {} }, hooks: LibraryCollectionHooks, label,
      fields: { cardIds: { hiddenInList: true }, ownerId: { hiddenInList: true } },
      defaultSort: [...byPosition, { field: 'createdAt', order: 'DESC' }],
    }),
  ],
  controllers: [LibraryController],
  providers: [Libraries, Study, UploadUrls],
})
export class LibraryModule {}
