import { LIBRARY_SUBJECTS, type LibrarySubject } from '@olymp/proto';
import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The library: study material by subject and grade, library -> chapters -> subchapters -> cards, and collections
 * (a teacher's hand-picked cards of one library). Pupils study cards as flashcards; `LibraryReviewState` is each
 * pupil's FSRS state of a card (library/, docs/learning.md "Library"). Deleting a library takes everything with it.
 */
@Entity({ name: 'libraries' })
@Index('IDX_libraries_subject_grade', ['subject', 'grade'])
@Check('CHK_libraries_subject', `"subject" IN (${LIBRARY_SUBJECTS.map((x) => `'${x}'`).join(', ')})`)
@Check('CHK_libraries_grade', '"grade" BETWEEN 1 AND 11')
export class Library {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_libraries' })
  id!: string;

  @Column({ type: 'varchar', length: 20 })
  subject!: LibrarySubject;

  @Column({ type: 'smallint' })
  grade!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** Its full-text index over CHAPTER_SEARCH_DOCUMENT is written by the migration (hence `synchronize: false`). */
@Entity({ name: 'library_chapters' })
@Index('IDX_library_chapters_search', { synchronize: false })
@Index('IDX_library_chapters_library', ['libraryId', 'position'])
export class LibraryChapter {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_library_chapters' })
  id!: string;

  @Column({ name: 'library_id', type: 'uuid' })
  libraryId!: string;

  @ManyToOne(() => Library, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'library_id', foreignKeyConstraintName: 'FK_library_chapters_library' })
  library?: Library;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;
}

@Entity({ name: 'library_subchapters' })
@Index('IDX_library_subchapters_chapter', ['chapterId', 'position'])
export class LibrarySubchapter {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_library_subchapters' })
  id!: string;

  @Column({ name: 'chapter_id', type: 'uuid' })
  chapterId!: string;

  @ManyToOne(() => LibraryChapter, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'chapter_id', foreignKeyConstraintName: 'FK_library_subchapters_chapter' })
  chapter?: LibraryChapter;

  /** Denormalized from the chapter: a subchapter moves only within its library. */
  @Column({ name: 'library_id', type: 'uuid' })
  libraryId!: string;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;
}

/** The text the library search reads on a card: both sides in the three languages, `simple` config. */
export const CARD_SEARCH_DOCUMENT = `to_tsvector('simple', "front_kk" || ' ' || "front_ru" || ' ' || "front_en" || ' ' || "back_kk" || ' ' || "back_ru" || ' ' || "back_en")`;
/** The text the library search reads on a chapter: its titles. */
export const CHAPTER_SEARCH_DOCUMENT = `to_tsvector('simple', "title_kk" || ' ' || "title_ru" || ' ' || "title_en")`;

/**
 * A flashcard: front and back in kk/ru/en, optional images (file names of the kit's image uploads) and a formula
 * as text. Its chapter and library are denormalized from the subchapter (study decks and search are one lookup).
 * The full-text index over CARD_SEARCH_DOCUMENT is written by the migration.
 */
@Entity({ name: 'library_cards' })
@Index('IDX_library_cards_search', { synchronize: false })
@Index('IDX_library_cards_subchapter', ['subchapterId', 'position'])
@Index('IDX_library_cards_chapter', ['chapterId'])
export class LibraryCard {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_library_cards' })
  id!: string;

  @Column({ name: 'subchapter_id', type: 'uuid' })
  subchapterId!: string;

  @ManyToOne(() => LibrarySubchapter, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'subchapter_id', foreignKeyConstraintName: 'FK_library_cards_subchapter' })
  subchapter?: LibrarySubchapter;

  @Column({ name: 'chapter_id', type: 'uuid' })
  chapterId!: string;

  @Column({ name: 'library_id', type: 'uuid' })
  libraryId!: string;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'front_kk', type: 'text' })
  frontKk!: string;

  @Column({ name: 'front_ru', type: 'text' })
  frontRu!: string;

  @Column({ name: 'front_en', type: 'text' })
  frontEn!: string;

  @Column({ name: 'back_kk', type: 'text' })
  backKk!: string;

  @Column({ name: 'back_ru', type: 'text' })
  backRu!: string;

  @Column({ name: 'back_en', type: 'text' })
  backEn!: string;

  @Column({ name: 'front_image', type: 'varchar', length: 200, nullable: true })
  frontImage!: string | null;

  @Column({ name: 'back_image', type: 'varchar', length: 200, nullable: true })
  backImage!: string | null;

  @Column({ type: 'text', default: '' })
  formula!: string;
}

/** A teacher's hand-picked cards of one library, in study order. */
@Entity({ name: 'library_collections' })
@Index('IDX_library_collections_library', ['libraryId', 'position'])
export class LibraryCollection {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_library_collections' })
  id!: string;

  @Column({ name: 'library_id', type: 'uuid' })
  libraryId!: string;

  @ManyToOne(() => Library, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'library_id', foreignKeyConstraintName: 'FK_library_collections_library' })
  library?: Library;

  /** Who made it (the teacher); set from the caller. */
  @Column({ name: 'owner_id', type: 'uuid', nullable: true })
  ownerId!: string | null;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  /** Cards of the same library (checked on write; a deleted card simply stops being shown). */
  @Column({ name: 'card_ids', type: 'uuid', array: true, default: () => "'{}'" })
  cardIds!: string[];

  @Column({ type: 'int', default: 0 })
  position!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

/**
 * One pupil's FSRS state of one card (ts-fsrs's `Card` fields), written by each review. `due` drives the day's
 * list; `state` is 0 new, 1 learning, 2 review, 3 relearning.
 */
@Entity({ name: 'library_review_states' })
@Index('IDX_library_review_states_due', ['userId', 'due'])
@Check('CHK_library_review_states_state', '"state" BETWEEN 0 AND 3')
export class LibraryReviewState {
  @PrimaryColumn({ name: 'user_id', type: 'uuid', primaryKeyConstraintName: 'PK_library_review_states' })
  userId!: string;

  @PrimaryColumn({ name: 'card_id', type: 'uuid', primaryKeyConstraintName: 'PK_library_review_states' })
  cardId!: string;

  @ManyToOne(() => LibraryCard, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'card_id', foreignKeyConstraintName: 'FK_library_review_states_card' })
  card?: LibraryCard;

  @Column({ name: 'chapter_id', type: 'uuid' })
  chapterId!: string;

  @Column({ type: 'timestamptz' })
  due!: Date;

  @Column({ type: 'double precision' })
  stability!: number;

  @Column({ type: 'double precision' })
  difficulty!: number;

  @Column({ name: 'elapsed_days', type: 'int' })
  elapsedDays!: number;

  @Column({ name: 'scheduled_days', type: 'int' })
  scheduledDays!: number;

  @Column({ name: 'learning_steps', type: 'int' })
  learningSteps!: number;

  @Column({ type: 'int' })
  reps!: number;

  @Column({ type: 'int' })
  lapses!: number;

  @Column({ type: 'smallint' })
  state!: number;

  @Column({ name: 'last_review', type: 'timestamptz', nullable: true })
  lastReview!: Date | null;
}

export const libraryEntities = [Library, LibraryChapter, LibrarySubchapter, LibraryCard, LibraryCollection, LibraryReviewState];
