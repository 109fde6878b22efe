import type { Readable } from 'node:stream';
import { type FileTypeResult, fileTypeFromFile, fileTypeFromStream } from 'file-type';

/** The type of a file from its bytes (magic numbers; zip-based office files by their entries). */
export function detectFileType(path: string): Promise<FileTypeResult | undefined> {
  return fileTypeFromFile(path);
}

/** The same for a stream, read only as far as needed and then closed. */
export async function detectStreamType(stream: Readable): Promise<FileTypeResult | undefined> {
  try {
    return await fileTypeFromStream(stream);
  } finally {
    stream.destroy();
  }
}
