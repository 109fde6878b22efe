import { z } from 'zod';
import { materialKind, materialOwnerKind } from '@olymp/proto';
import { localizedFields, title, uuid } from '../floor/localized';

const httpUrl = z.url({ protocol: /^https?$/ }).max(500);
const lowerUuid = uuid.transform((v) => v.toLowerCase());

/** Which owner's materials: `?ownerKind=lesson&ownerId=<uuid>`. */
export const ownerQuery = z.strictObject({ ownerKind: materialOwnerKind, ownerId: lowerUuid });
export type OwnerQuery = z.output<typeof ownerQuery>;

/** A link (`linkUrl`) or a file/video (`uploadId`, a stored chunked upload of the caller's). */
export const createMaterial = z.strictObject({
  ownerKind: materialOwnerKind,
  ownerId: lowerUuid,
  kind: materialKind,
  ...localizedFields('title', title),
  linkUrl: httpUrl.nullable().default(null),
  uploadId: lowerUuid.nullable().default(null),
  posterUrl: z.string().trim().max(500).nullable().default(null),
});
export type CreateMaterial = z.output<typeof createMaterial>;

/** The owner, the kind and the bytes are chosen once; titles, a link's address and the poster can change. */
export const updateMaterial = z.strictObject({
  ...localizedFields('title', title),
  linkUrl: httpUrl,
  posterUrl: z.string().trim().max(500).nullable(),
}).partial();
export type UpdateMaterial = z.output<typeof updateMaterial>;

/** Every material of the owner, in the new order. */
export const reorderMaterials = z.strictObject({
  ownerKind: materialOwnerKind,
  ownerId: lowerUuid,
  ids: z.array(lowerUuid).max(500),
});
export type ReorderMaterials = z.output<typeof reorderMaterials>;

/** A lesson's recording: a stored chunked upload (a video) of the teacher's; titles default to the lesson's. */
export const recordingBody = z.strictObject({
  uploadId: lowerUuid,
  ...localizedFields('title', title),
}).partial({ titleKk: true, titleRu: true, titleEn: true });
export type RecordingBody = z.output<typeof recordingBody>;

/** The footer's links: an https address each, or null to hide the icon; networks left out stay as they are. */
export const socialMediaBody = z.strictObject({
  instagram: z.url({ protocol: /^https$/ }).max(500).nullable(),
  telegram: z.url({ protocol: /^https$/ }).max(500).nullable(),
  youtube: z.url({ protocol: /^https$/ }).max(500).nullable(),
  tiktok: z.url({ protocol: /^https$/ }).max(500).nullable(),
}).partial();
export type SocialMediaBody = z.output<typeof socialMediaBody>;

