/**
 * HTTP contracts of learning's media (issue 16 "Materials, videos, social media", issue 15 "Recordings";
 * docs/learning.md "Materials and videos"): materials attached to an owner (a course lesson, a training subchapter,
 * a library chapter, an event), the videos among them played with HTTP range requests, a lesson's recording
 * (pupils of the group play it for RECORDING_DAYS after the lesson), and the footer's social-media links.
 */
import { z } from 'zod';
import { dataOf, dataWithMessage, isoInstant, localizedText } from './http';

/** What a material belongs to. */
export const MATERIAL_OWNER_KINDS = ['lesson', 'training-subchapter', 'library-chapter', 'event', 'flex-lesson'] as const;
export const materialOwnerKind = z.enum(MATERIAL_OWNER_KINDS);
export type MaterialOwnerKind = z.output<typeof materialOwnerKind>;

/** A file (a chunked upload: PDF, slides...), a link, or a video (a chunked upload of MP4/WebM, played by range). */
export const MATERIAL_KINDS = ['file', 'link', 'video'] as const;
export const materialKind = z.enum(MATERIAL_KINDS);
export type MaterialKind = z.output<typeof materialKind>;

/** A material as staff see it (`GET /api/materials`, show, store, update). */
export const materialRecord = z.object({
  id: z.uuid(),
  ownerKind: materialOwnerKind,
  ownerId: z.uuid(),
  kind: materialKind,
  titleKk: z.string(), titleRu: z.string(), titleEn: z.string(),
  /** A link's address; null for files and videos. */
  linkUrl: z.string().nullable(),
  /** Files and videos: the chunked upload the bytes came from, their type and size. */
  uploadId: z.uuid().nullable(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  /** Videos: the length in seconds read from the file (null when it could not be read). */
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  /** Whether this is the lesson's recording (one per lesson; pupils see it for RECORDING_DAYS). */
  isRecording: z.boolean(),
  position: z.number().int(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type MaterialRecord = z.output<typeof materialRecord>;
export const materialReply = dataOf(materialRecord);
export type MaterialReply = z.output<typeof materialReply>;
export const materialRecordsReply = dataOf(z.array(materialRecord));
export type MaterialRecordsReply = z.output<typeof materialRecordsReply>;
export const materialRemovedReply = dataWithMessage(z.object({ id: z.uuid() }));
export type MaterialRemovedReply = z.output<typeof materialRemovedReply>;

/**
 * A material as anyone who may see its owner reads it (`GET /api/materials/media`, `/links`): a link's address, a
 * file's download address, a video's play address (`/api/videos/{id}/play`); the upload's own name is never shown.
 */
export const materialView = z.object({
  id: z.uuid(),
  kind: materialKind,
  title: localizedText,
  url: z.string(),
  mime: z.string().nullable(),
  size: z.number().int().nullable(),
  durationSeconds: z.number().nullable(),
  posterUrl: z.string().nullable(),
  position: z.number().int(),
});
export type MaterialView = z.output<typeof materialView>;
export const materialViewsReply = dataOf(z.array(materialView));
export type MaterialViewsReply = z.output<typeof materialViewsReply>;

/** `GET /api/videos/{id}/info` and a lesson's recording (`GET /api/lessons/{lesson}/recording`). */
export const videoInfo = z.object({
  id: z.uuid(),
  title: localizedText,
  mime: z.string(),
  size: z.number().int(),
  durationSeconds: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  posterUrl: z.string().nullable(),
  /** Where a `<video>` element plays it (range requests: 206 with Content-Range). */
  playUrl: z.string(),
  /** For a recording seen by a pupil: the last instant they may play it; null otherwise. */
  availableUntil: isoInstant.nullable(),
});
export type VideoInfo = z.output<typeof videoInfo>;
export const videoInfoReply = dataOf(videoInfo);
export type VideoInfoReply = z.output<typeof videoInfoReply>;

/** The footer's four icons: each an https address, or null (the icon is not shown). `GET /api/social-media` is public. */
export const SOCIAL_NETWORKS = ['instagram', 'telegram', 'youtube', 'tiktok'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export const socialMediaLinks = z.object({
  instagram: z.string().nullable(),
  telegram: z.string().nullable(),
  youtube: z.string().nullable(),
  tiktok: z.string().nullable(),
});
export type SocialMediaLinks = z.output<typeof socialMediaLinks>;
export const socialMediaReply = dataOf(socialMediaLinks.extend({ updatedAt: isoInstant.nullable() }));
export type SocialMediaReply = z.output<typeof socialMediaReply>;
export const socialMediaSavedReply = dataWithMessage(socialMediaLinks.extend({ updatedAt: isoInstant.nullable() }));
export type SocialMediaSavedReply = z.output<typeof socialMediaSavedReply>;
