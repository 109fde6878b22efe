import { Busboy } from '@fastify/busboy';

/**
 * Spec section 7: a PATCH whose body carries a file is sent as a multipart POST with a `_method` field. The gateway
 * reads that field with a real multipart parser and forwards the request with that method and the same bytes.
 */
export const OVERRIDABLE_METHODS = ['PATCH', 'PUT', 'DELETE'] as const;
export type OverrideMethod = (typeof OVERRIDABLE_METHODS)[number];

export const METHOD_FIELD = '_method';

export function isMultipart(contentType: string | undefined): boolean {
  return typeof contentType === 'string' && /^\s*multipart\/form-data\s*(;|$)/i.test(contentType);
}

/**
 * The method asked for by the `_method` field of a multipart body, or undefined when there is none or its value is
 * not one of PATCH, PUT, DELETE (case-insensitive). A body that is not valid multipart yields undefined: the service
 * answers it as it would without the gateway.
 */
export function findMethodOverride(body: Buffer, contentType: string): Promise<OverrideMethod | undefined> {
  return new Promise((resolve) => {
    let found: OverrideMethod | undefined;
    let settled = false;
    const settle = () => {
      if (!settled) {
        settled = true;
        resolve(found);
      }
    };
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { 'content-type': contentType },
        limits: { fieldNameSize: 100, fieldSize: 64 * 1024 },
      });
    } catch {
      settle();
      return;
    }
    parser.on('field', (name: string, value: string) => {
      if (name !== METHOD_FIELD || found) return;
      const method = value.trim().toUpperCase();
      if ((OVERRIDABLE_METHODS as readonly string[]).includes(method)) found = method as OverrideMethod;
    });
    // File contents are irrelevant here: drain them so parsing continues past them.
    parser.on('file', (_name: string, stream: NodeJS.ReadableStream) => {
      stream.resume();
    });
    parser.on('finish', settle);
    parser.on('error', settle);
    parser.end(body);
  });
}
