import { z } from 'zod';

/**
 * HTTP contracts: the answers (and some bodies) of the custom routes, as zod schemas with inferred types, split by
 * domain (`http.<domain>.ts`). Services name them next to the route (`@ApiShape({ response })` of the server kit,
 * which only accepts a method returning the schema's type, and publishes it in GET /api/docs-json); the UIs import
 * the inferred types type-only (`import type { PlayReply } from '@olymp/proto'`), so no zod reaches their bundles.
 * A change on one side fails the typecheck of the other.
 *
 * The inferred `z.output` types are what a client receives (the UIs import those); `@ApiShape` checks a route against
 * `z.input` (what it may hand to the JSON serializer: a `Date` where the answer has an instant). These schemas
 * describe what a service sends; they are not used to parse requests (those are the services' strict
 * input schemas, documented from the same routes' pipes).
 */

/** A text in kk, ru and en. */
export const localizedText = z.object({ kk: z.string(), ru: z.string(), en: z.string() });
/**
 * An instant as ISO 8601 text. A service may hand over a `Date` (JSON turns it into this text, `Date#toJSON`), so the
 * schema's input type, which `@ApiShape` checks a route's return value against, takes both; its output type, which
 * the UIs read, is the text.
 */
export const isoInstant = z.iso.datetime({ offset: true }) as unknown as z.ZodType<string, string | Date>;

/** `{ data }`: the answer of most custom routes. */
export const dataOf = <T extends z.ZodType>(data: T) => z.object({ data });
/** `{ data, message }`: a change, with what to tell the user in the caller's language. */
export const dataWithMessage = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string() });
/** `{ message }`: a change with nothing to return. */
export const messageReply = z.object({ message: z.string() });
export type MessageReply = z.output<typeof messageReply>;

/** A page of a list: its rows and where it stands. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({ data: z.array(row), count: z.number().int(), total: z.number().int(), page: z.number().int(), pageCount: z.number().int() });

/** A directory row as lists show it (province, district, school): its id and name in three languages. */
export const placeRef = z.object({ id: z.number().int(), name: localizedText });

/* The kit's routes, in every service */

/** An uploaded image as stored, re-encoded (`POST /api/upload-image`, and the image routes of challenges and trainings). */
export const imageView = z.object({ filename: z.string(), url: z.string(), size: z.number().int(), mime: z.string(), width: z.number().int(), height: z.number().int() });
export type ImageView = z.output<typeof imageView>;
export const imageReply = dataOf(imageView);
export type ImageReply = z.output<typeof imageReply>;
/** `DELETE /api/upload-image/{filename}`. */
export const imageRemovedReply = dataOf(z.object({ filename: z.string(), deleted: z.literal(true) }));
export type ImageRemovedReply = z.output<typeof imageRemovedReply>;

/** A chunked upload (`POST /api/upload`, `GET /api/upload/{id}`): where it stands; once stored, its file. */
export const uploadView = z.object({
  id: z.uuid(),
  status: z.enum(['receiving', 'stored']),
  name: z.string(),
  size: z.number().int(),
  offset: z.number().int(),
  chunkSize: z.number().int().optional(),
  maxChunkBytes: z.number().int().optional(),
  expiresAt: isoInstant.optional(),
  filename: z.string().optional(),
  url: z.string().optional(),
  mime: z.string().optional(),
});
export type UploadView = z.output<typeof uploadView>;
export const uploadReply = dataOf(uploadView);
export type UploadReply = z.output<typeof uploadReply>;
/** `DELETE /api/upload/{id}`: a receiving upload is aborted, a stored one deleted. */
export const uploadRemovedReply = dataOf(z.object({ id: z.uuid(), status: z.enum(['aborted', 'deleted']) }));
export type UploadRemovedReply = z.output<typeof uploadRemovedReply>;

const serviceName = z.enum(['gateway', 'auth', 'learning', 'shop', 'finance', 'notifications']);
/** `POST /api/system/probes`: the probe event published by this service. */
export const probeSentReply = dataOf(z.object({ id: z.uuid(), eventId: z.string(), origin: serviceName, sentAt: isoInstant }));
export type ProbeSentReply = z.output<typeof probeSentReply>;
/** `GET /api/system/probe-receipts/{id}`: this service's receipt of a probe (how many times it was delivered). */
export const probeReceiptReply = dataOf(
  z.object({ probeId: z.uuid(), origin: z.string(), messageId: z.string(), times: z.number().int(), receivedBy: serviceName, receivedAt: isoInstant }),
);
export type ProbeReceiptReply = z.output<typeof probeReceiptReply>;
