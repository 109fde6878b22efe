import type { KitConfig } from '../config/config';
import { multipartPluginOptions } from '../uploads/multipart';

/**
 * The largest request bodies a service reads, in one place: the services' Fastify adapter (bootstrap.ts) and the
 * multipart plugin (uploads/multipart.ts) are configured from these, and the gateway refuses anything larger before
 * proxying it (so a client gets a 413 from the gateway, not a broken connection from a service).
 */

/** Any body that is not multipart/form-data (JSON, text, bytes): Fastify's bodyLimit of every service. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/** One part's delimiter line: CRLF, `--`, a boundary of at most 70 characters (RFC 2046), `--` and CRLF. */
const PART_DELIMITER_BYTES = 2 + 2 + 70 + 2 + 2;

/**
 * The largest multipart/form-data body a service can accept whole: its files at their size limit, every text field
 * at its size limit, and each part's headers and delimiter. Routes narrow the file size further (an image, a chunk).
 */
export function multipartBodyLimit(config: Pick<KitConfig, 'UPLOAD_MAX_BYTES'>): number {
  const l = multipartPluginOptions(config).limits;
  return l.files * l.fileSize + l.fields * l.fieldSize + l.parts * (l.headerSize + PART_DELIMITER_BYTES) + PART_DELIMITER_BYTES;
}
