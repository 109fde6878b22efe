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

/** A Word 97-2003 document as the chunked uploads report it (file-type knows only its container, `cfb`). */
export const WORD_97_DETECTED: FileTypeResult = { ext: 'doc' as FileTypeResult['ext'], mime: 'application/msword' as FileTypeResult['mime'] };

/**
 * The type of a chunked upload: file-type's answer, except that an OLE compound file (`cfb`: .doc, .xls, .ppt, .msi,
 * ...) is a Word document only when its directory names a `WordDocument` stream, else it stays `cfb` (not allowed).
 * `open` gives the bytes from the start each time it is called.
 */
export async function detectUploadType(open: () => Promise<Readable>): Promise<FileTypeResult | undefined> {
  const detected = await detectStreamType(await open());
  if (detected?.mime !== 'application/x-cfb') return detected;
  return (await holdsWordStream(await open())) ? WORD_97_DETECTED : detected;
}

/** "WordDocument" as a compound file's directory writes a name: UTF-16LE, then its terminating NUL. */
const WORD_NAME = Buffer.from('WordDocument\0', 'utf16le');
const ENTRY = 128;
/** A .doc is a few MB; a compound file this far in without the entry is not one we take. */
const SCAN_LIMIT = 64 * 1024 * 1024;

/**
 * Whether a compound file (MS-CFB) has a directory entry for a stream named `WordDocument`, the stream every Word
 * 97-2003 document has and no spreadsheet, presentation or installer has. Directory entries are 128 bytes, and with
 * 512- or 4096-byte sectors after the header they always start at a multiple of 128 from the file's start, so the
 * bytes are read as a stream and each 128-byte block is compared: the name, its length in bytes with the NUL (26)
 * at 0x40, and the object type "stream" (2) at 0x42.
 */
export async function holdsWordStream(stream: Readable): Promise<boolean> {
  let carry: Buffer = Buffer.alloc(0);
  let read = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = buf.length - (buf.length % ENTRY);
      for (let at = 0; at < whole; at += ENTRY) {
        if (buf.readUInt16LE(at + 0x40) === WORD_NAME.length && buf[at + 0x42] === 2 && buf.compare(WORD_NAME, 0, WORD_NAME.length, at, at + WORD_NAME.length) === 0) return true;
      }
      carry = buf.subarray(whole);
      read += chunk.length;
      if (read >= SCAN_LIMIT) return false;
    }
    return false;
  } finally {
    stream.destroy();
  }
}
