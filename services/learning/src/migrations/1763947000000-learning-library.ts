import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CARD_SEARCH_DOCUMENT, CHAPTER_SEARCH_DOCUMENT } from '../floor/library.entities';

/**
 * The library (docs/learning.md, "Library"): libraries, chapters, subchapters, cards, collections and each
 * pupil's FSRS review state of a card; GIN full-text indexes (`simple` config) over cards and chapters.
 */
export class LearningLibrary1763947000000 implements MigrationInterface {
  name = 'LearningLibrary1763947000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "libraries" ("id" uuid NOT NULL, "subject" character varying(20) NOT NULL, "grade" smallint NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "published" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_libraries_grade" CHECK ("grade" BETWEEN 1 AND 11), CONSTRAINT "CHK_libraries_subject" CHECK ("subject" IN ('math', 'algebra', 'geometry', 'physics', 'chemistry', 'biology', 'geography', 'history', 'informatics', 'kazakh', 'russian', 'english', 'literature')), CONSTRAINT "PK_libraries" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_libraries_subject_grade" ON "libraries"("subject", "grade")`);
    await q.query(`CREATE TABLE "library_chapters" ("id" uuid NOT NULL, "library_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, CONSTRAINT "PK_library_chapters" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_library_chapters_library" ON "library_chapters"("library_id", "position")`);
    await q.query(`CREATE TABLE "library_subchapters" ("id" uuid NOT NULL, "chapter_id" uuid NOT NULL, "library_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, CONSTRAINT "PK_library_subchapters" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_library_subchapters_chapter" ON "library_subchapters"("chapter_id", "position")`);
    await q.query(`CREATE TABLE "library_cards" ("id" uuid NOT NULL, "subchapter_id" uuid NOT NULL, "chapter_id" uuid NOT NULL, "library_id" uuid NOT NULL, "position" integer NOT NULL DEFAULT '0', "front_kk" text NOT NULL, "front_ru" text NOT NULL, "front_en" text NOT NULL, "back_kk" text NOT NULL, "back_ru" text NOT NULL, "back_en" text NOT NULL, "front_image" character varying(200), "back_image" character varying(200), "formula" text NOT NULL DEFAULT '', CONSTRAINT "PK_library_cards" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_library_cards_chapter" ON "library_cards"("chapter_id")`);
    await q.query(`CREATE INDEX "IDX_library_cards_subchapter" ON "library_cards"("subchapter_id", "position")`);
    await q.query(`CREATE TABLE "library_collections" ("id" uuid NOT NULL, "library_id" uuid NOT NULL, "owner_id" uuid, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "card_ids" uuid array NOT NULL DEFAULT '{}', "position" integer NOT NULL DEFAULT '0', "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_library_collections" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_library_collections_library" ON "library_collections"("library_id", "position")`);
    await q.query(`CREATE TABLE "library_review_states" ("user_id" uuid NOT NULL, "card_id" uuid NOT NULL, "chapter_id" uuid NOT NULL, "due" TIMESTAMP WITH TIME ZONE NOT NULL, "stability" double precision NOT NULL, "difficulty" double precision NOT NULL, "elapsed_days" integer NOT NULL, "scheduled_days" integer NOT NULL, "learning_steps" integer NOT NULL, "reps" integer NOT NULL, "lapses" integer NOT NULL, "state" smallint NOT NULL, "last_review" TIMESTAMP WITH TIME ZONE, CONSTRAINT "CHK_library_review_states_state" CHECK ("state" BETWEEN 0 AND 3), CONSTRAINT "PK_library_review_states" PRIMARY KEY ("user_id", "card_id"))`);
    await q.query(`CREATE INDEX "IDX_library_review_states_due" ON "library_review_states"("user_id", "due")`);
    await q.query(`ALTER TABLE "library_chapters" ADD CONSTRAINT "FK_library_chapters_library" FOREIGN KEY ("library_id") REFERENCES "libraries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "library_subchapters" ADD CONSTRAINT "FK_library_subchapters_chapter" FOREIGN KEY ("chapter_id") REFERENCES "library_chapters"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "library_cards" ADD CONSTRAINT "FK_library_cards_subchapter" FOREIGN KEY ("subchapter_id") REFERENCES "library_subchapters"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "library_collections" ADD CONSTRAINT "FK_library_collections_library" FOREIGN KEY ("library_id") REFERENCES "libraries"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`ALTER TABLE "library_review_states" ADD CONSTRAINT "FK_library_review_states_card" FOREIGN KEY ("card_id") REFERENCES "library_cards"("id") ON DELETE CASCADE ON UPDATE NO ACTION`);
    await q.query(`CREATE INDEX "IDX_library_cards_search" ON "library_cards" USING gin (${CARD_SEARCH_DOCUMENT})`);
    await q.query(`CREATE INDEX "IDX_library_chapters_search" ON "library_chapters" USING gin (${CHAPTER_SEARCH_DOCUMENT})`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "library_review_states"`);
    await q.query(`DROP TABLE "library_collections"`);
    await q.query(`DROP TABLE "library_cards"`);
    await q.query(`DROP TABLE "library_subchapters"`);
    await q.query(`DROP TABLE "library_chapters"`);
    await q.query(`DROP TABLE "libraries"`);
  }
}
