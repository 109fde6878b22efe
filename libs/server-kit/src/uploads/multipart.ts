import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import type { z } from 'zod';
import type { KitConfig } from '../config/config';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/zod-validation';
import { type UploadSpool, discardTempFile } from './spool';

/**
 * Reading a multipart/form-data request (spec section 7: a POST with a file is multipart, its booleans arrive as
 * 1/0; a PATCH with a file arrives as POST with `_method=patch`, which the gateway turns back into PATCH). The kit
 * registers @fastify/multipart once for every service (bootstrap.ts) with the limits below; a route reads its form
 * with `readMultipartForm`, which spools the one file to a temp file under its own size limit and validates the text
 * fields with a zod schema, so `formBoolean` turns '1'/'0' into booleans where the schema says boolean.
 */
export const METHOD_OVERRIDE_FIELD = '_method';

/** Options for the FastifyAdapter's `multipart`: the outer bounds of any multipart request of any route. */
export function multipartPluginOptions(config: Pick<KitConfig, 'UPLOAD_MAX_BYTES'>) {
  return {
    limits: {
      fileSize: config.UPLOAD_MAX_BYTES,
      files: 1,
      fields: 50,
      fieldSize: 64 * 1024,
      fieldNameSize: 100,
      parts: 51,
      headerPairs: 100,
      /** Bytes of one part's headers (busboy's own default is 80 KiB). */
      headerSize: 16 * 1024,
    },
    throwFileSizeLimit: true,
  };
}

export interface ReceivedFile {
  /** The temp file holding the bytes; the caller hands it to the storage or discards it. */
  path: string;
  size: number;
  /** What the client called the file and said its type is: for people only, never trusted. */
  clientName: string;
  clientType: string;
}

export interface MultipartForm<T> {
  fields: T;
  file: ReceivedFile | undefined;
}

export interface ReadFormOptions<S extends z.ZodType> {
  spool: UploadSpool;
  /** The one file field and its size limit; `tooLarge` is the error for a file over it. */
  file: { field: string; maxBytes: number; tooLarge: () => DomainError };
  /** Text fields (strict objects refuse unknown ones); `_method` is dropped before parsing. */
  schema: S;
}

export function isMultipartRequest(req: FastifyRequest): boolean {
  return typeof req.isMultipart === 'function' && req.isMultipart();
}

/**
 * Reads the whole form: the file into a temp file (refused with `tooLarge` past `maxBytes`, nothing kept) and the
 * fields through the schema. On any error the temp file is gone. A second file or a file in another field is
 * refused (UPLOAD_FORM_INVALID), as is a request that is not multipart.
 */
export async function readMultipartForm<S extends z.ZodType>(
  req: FastifyRequest,
  opts: ReadFormOptions<S>,
): Promise<MultipartForm<z.output<S>>> {
  const formInvalid = () => new DomainError('UPLOAD_FORM_INVALID', { field: opts.file.field });
  if (!isMultipartRequest(req)) throw formInvalid();
  const raw: Record<string, unknown> = {};
  let file: ReceivedFile | undefined;
  try {
    // Merged deeply over the plugin's limits: only the file size and count are narrowed here.
    const parts = req.parts({ limits: { fileSize: opts.file.maxBytes, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.file.field) {
          part.file.resume();
          throw formInvalid();
        }
        const written = await opts.spool.write(part.file);
        file = { path: written.path, size: written.size, clientName: part.filename ?? '', clientType: part.mimetype ?? '' };
        // busboy stops at the limit and marks the stream; the plugin also raises FST_REQ_FILE_TOO_LARGE.
        if (part.file.truncated) throw opts.file.tooLarge();
      } else if (part.fieldname !== METHOD_OVERRIDE_FIELD) {
        const prev = raw[part.fieldname];
        raw[part.fieldname] = prev === undefined ? part.value : ([] as unknown[]).concat(prev, part.value);
      }
    }
    return { fields: parseInput(opts.schema, raw), file };
  } catch (err) {
    await discardTempFile(file?.path);
    throw mapMultipartError(err, opts.file.tooLarge, formInvalid);
  }
}

function mapMultipartError(err: unknown, tooLarge: () => DomainError, formInvalid: () => DomainError): unknown {
  if (err instanceof DomainError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (typeof code === 'string' && code.startsWith('FST_')) return formInvalid();
  // busboy's own parse errors (malformed multipart) carry no code.
  if (err instanceof Error && /multipart|boundary|part terminated/i.test(err.message)) return formInvalid();
  return err;
}
