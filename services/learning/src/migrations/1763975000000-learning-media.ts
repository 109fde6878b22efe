import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Media (issue 16, issue 15 recordings): materials of lessons, subchapters, chapters and events; social-media links. */
export class LearningMedia1763975000000 implements MigrationInterface {
  name = 'LearningMedia1763975000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE "materials" ("id" uuid NOT NULL, "owner_kind" character varying(24) NOT NULL, "owner_id" uuid NOT NULL, "kind" character varying(8) NOT NULL, "title_kk" character varying(300) NOT NULL, "title_ru" character varying(300) NOT NULL, "title_en" character varying(300) NOT NULL, "link_url" character varying(500), "upload_id" uuid, "filename" character varying(100), "mime" character varying(100), "size" bigint, "duration_seconds" double precision, "width" integer, "height" integer, "poster_url" character varying(500), "is_recording" boolean NOT NULL DEFAULT false, "position" integer NOT NULL DEFAULT '0', "created_by" uuid NOT NULL, "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_materials_source" CHECK (("kind" = 'link') = ("link_url" IS NOT NULL) AND ("kind" = 'link') = ("filename" IS NULL)), CONSTRAINT "CHK_materials_kind" CHECK ("kind" IN ('file', 'link', 'video')), CONSTRAINT "CHK_materials_owner_kind" CHECK ("owner_kind" IN ('lesson', 'training-subchapter', 'library-chapter', 'event')), CONSTRAINT "PK_materials" PRIMARY KEY ("id"))`);
    await q.query(`CREATE INDEX "IDX_materials_owner" ON "materials" ("owner_kind", "owner_id", "position") `);
    await q.query(`CREATE UNIQUE INDEX "UQ_materials_recording" ON "materials" ("owner_id") WHERE "is_recording"`);
    await q.query(`CREATE TABLE "social_media_links" ("network" character varying(16) NOT NULL, "url" character varying(500) NOT NULL, "updated_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "CHK_social_media_links_network" CHECK ("network" IN ('instagram', 'telegram', 'youtube', 'tiktok')), CONSTRAINT "PK_social_media_links" PRIMARY KEY ("network"))`);
    await q.query(`CREATE TABLE "video_tickets" ("token_hash" character varying(64) NOT NULL, "material_id" uuid NOT NULL, "user_id" uuid NOT NULL, "staff" boolean NOT NULL, "expires_at" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_video_tickets" PRIMARY KEY ("token_hash"))`);
    await q.query(`CREATE INDEX "IDX_video_tickets_expires" ON "video_tickets" ("expires_at") `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "video_tickets"`);
    await q.query(`DROP TABLE "social_media_links"`);
    await q.query(`DROP TABLE "materials"`);
  }
}
