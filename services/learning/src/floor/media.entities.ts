import { Check, Column, CreateDateColumn, Entity, Index, PrimaryColumn, UpdateDateColumn, type ValueTransformer } from 'typeorm';
import type { MaterialKind, MaterialOwnerKind, SocialNetwork } from '@olymp/proto';

/** bigint comes back from pg as a string; file sizes fit in a JS number. */
const bigintNumber: ValueTransformer = {
  to: (v: number | null | undefined) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

/**
 * A material attached to an owner (issue 16): a course lesson, a training subchapter, a library chapter or an event,
 * by kind and id (no foreign key: the owner lives in one of four tables; media/owners.ts checks it exists and removes
 * an owner's materials with it is left to the owner's delete, see docs/learning.md). A file or a video is a stored
 * chunked upload of the kit (`upload_id`, its `filename` in the storage); a link is an address. A lesson's recording
 * is its video material with `is_recording` (one per lesson).
 */
@Entity({ name: 'materials' })
@Index('IDX_materials_owner', ['ownerKind', 'ownerId', 'position'])
@Index('UQ_materials_recording', ['ownerId'], { unique: true, where: '"is_recording"' })
@Check('CHK_materials_owner_kind', `"owner_kind" IN ('lesson', 'training-subchapter', 'library-chapter', 'event', 'flex-lesson')`)
@Check('CHK_materials_kind', `"kind" IN ('file', 'link', 'video')`)
@Check('CHK_materials_source', `("kind" = 'link') = ("link_url" IS NOT NULL) AND ("kind" = 'link') = ("filename" IS NULL)`)
export class Material {
  @PrimaryColumn({ type: 'uuid', primaryKeyConstraintName: 'PK_materials' })
  id!: string;

  @Column({ name: 'owner_kind', type: 'varchar', length: 24 })
  ownerKind!: MaterialOwnerKind;

  @Column({ name: 'owner_id', type: 'uuid' })
  ownerId!: string;

  @Column({ type: 'varchar', length: 8 })
  kind!: MaterialKind;

  @Column({ name: 'title_kk', type: 'varchar', length: 300 })
  titleKk!: string;

  @Column({ name: 'title_ru', type: 'varchar', length: 300 })
  titleRu!: string;

  @Column({ name: 'title_en', type: 'varchar', length: 300 })
  titleEn!: string;

  @Column({ name: 'link_url', type: 'varchar', length: 500, nullable: true })
  linkUrl!: string | null;

  @Column({ name: 'upload_id', type: 'uuid', nullable: true })
  uploadId!: string | null;

  /** The stored file's server-made name (`<uuid>.<ext>`): never shown to pupils, who play through media's routes. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  filename!: string | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  mime!: string | null;

  @Column({ type: 'bigint', nullable: true, transformer: bigintNumber })
  size!: number | null;

  @Column({ name: 'duration_seconds', type: 'double precision', nullable: true })
  durationSeconds!: number | null;

  @Column({ type: 'int', nullable: true })
  width!: number | null;

  @Column({ type: 'int', nullable: true })
  height!: number | null;

  @Column({ name: 'poster_url', type: 'varchar', length: 500, nullable: true })
  posterUrl!: string | null;

  @Column({ name: 'is_recording', type: 'boolean', default: false })
  isRecording!: boolean;

  @Column({ type: 'int', default: 0 })
  position!: number;

  @Column({ name: 'created_by', type: 'uuid' })
  createdBy!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** The footer's social-media links (issue 16), one row per network; a network without a row shows no icon. */
@Entity({ name: 'social_media_links' })
@Check('CHK_social_media_links_network', `"network" IN ('instagram', 'telegram', 'youtube', 'tiktok')`)
export class SocialMediaLink {
  @PrimaryColumn({ type: 'varchar', length: 16, primaryKeyConstraintName: 'PK_social_media_links' })
  network!: SocialNetwork;

  @Column({ type: 'varchar', length: 500 })
  url!: string;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/**
 * A play ticket: a `<video>` element cannot send the Authorization header, so `videos/{id}/info` hands the caller
 * who may play a video a random ticket for its play address (only its SHA-256 is stored), good for PLAY_TICKET_HOURS.
 * Playing with it checks the ticket and, for a pupil's recording, the window again; the database holds it, so any
 * replica takes it.
 */
@Entity({ name: 'video_tickets' })
@Index('IDX_video_tickets_expires', ['expiresAt'])
export class VideoTicket {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64, primaryKeyConstraintName: 'PK_video_tickets' })
  tokenHash!: string;

  @Column({ name: 'material_id', type: 'uuid' })
  materialId!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** Whether the ticket's holder saw the owner as staff (no recording window) when it was given. */
  @Column({ type: 'boolean' })
  staff!: boolean;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;
}

export const PLAY_TICKET_HOURS = 6;

export const mediaEntities = [Material, SocialMediaLink, VideoTicket];
