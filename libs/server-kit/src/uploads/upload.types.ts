import type { FileTypeResult } from 'file-type';

/**
 * What may be uploaded and how stored files are named. The content type is always decided from the bytes
 * (file-type), never from the client's name or header; the stored name is `<uuid>.<ext>`, made by the server.
 */
export interface AllowedType {
  /** MIME type as file-type reports it; stored and served as is. */
  mime: string;
  /** Extension of the stored name. */
  ext: string;
  /** Shown to people in "allowed types" messages. */
  label: string;
}

const t = (mime: string, ext: string, label: string): AllowedType => ({ mime, ext, label });

const WEBP = t('image/webp', 'webp', 'WebP');
/** What a Word 97-2003 (.doc) upload is stored and served as. */
export const WORD_97: AllowedType = t('application/msword', 'doc', 'DOC');

/** POST /api/upload-image: raster images only; SVG is refused (it can carry scripts). */
export const IMAGE_TYPES: readonly AllowedType[] = [
  t('image/jpeg', 'jpg', 'JPEG'),
  t('image/png', 'png', 'PNG'),
  WEBP,
  t('image/gif', 'gif', 'GIF'),
];

/** What every uploaded picture is stored as, once re-encoded (image-reencode.ts); older names keep their extension. */
export const STORED_IMAGE_TYPE: AllowedType = WEBP;

/** Chunked POST /api/upload: images (re-encoded like upload-image's), documents, lesson video and audio. */
export const FILE_TYPES: readonly AllowedType[] = [
  ...IMAGE_TYPES,
  t('application/pdf', 'pdf', 'PDF'),
  t('video/mp4', 'mp4', 'MP4'),
  t('video/webm', 'webm', 'WebM'),
  t('audio/mpeg', 'mp3', 'MP3'),
  t('audio/x-m4a', 'm4a', 'M4A'),
  t('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'docx', 'DOCX'),
  // A Word 97-2003 document: file-type reports any OLE compound file as `cfb` (also .xls, .ppt, .msi installers), so
  // only a compound file whose directory holds a `WordDocument` stream is taken as one (sniff.ts, `detectUploadType`).
  WORD_97,
  t('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'xlsx', 'XLSX'),
  t('application/vnd.openxmlformats-officedocument.presentationml.presentation', 'pptx', 'PPTX'),
];

/** Other names browsers and clients give the allowed types, accepted as the declared type of a chunked upload. */
const DECLARED_ALIASES: Record<string, string> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/m4a': 'audio/x-m4a',
  'audio/mp4': 'audio/x-m4a',
  'audio/webm': 'video/webm',
};

export function allowedLabels(types: readonly AllowedType[]): string {
  return types.map((x) => x.label).join(', ');
}

/** The allowed type that file-type detected, or undefined (unknown bytes, or a type not on the list). */
export function matchDetected(detected: FileTypeResult | undefined, types: readonly AllowedType[]): AllowedType | undefined {
  if (!detected) return undefined;
  return types.find((x) => x.mime === detected.mime);
}

/**
 * The allowed type a client declared, or undefined when it declared none (browsers send '' or
 * application/octet-stream for types they do not know); null when it declared a type that is not allowed.
 */
export function matchDeclared(declared: string | undefined, types: readonly AllowedType[]): AllowedType | undefined | null {
  const raw = declared?.split(';')[0].trim().toLowerCase();
  if (!raw || raw === 'application/octet-stream') return undefined;
  const mime = DECLARED_ALIASES[raw] ?? raw;
  return types.find((x) => x.mime === mime) ?? null;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const GENERATED_NAME = new RegExp(`^(${UUID})\\.([a-z0-9]{2,4})$`);

/** `<uuid>.<ext>` for a new stored file. */
export function generatedName(id: string, type: AllowedType): string {
  return `${id}.${type.ext}`;
}

/**
 * Parses a name the server generated; anything else (other characters, slashes, `..`, an extension not on the
 * list) is null, so a client-supplied name never reaches a file system path or an object key.
 */
export function parseGeneratedName(value: string, types: readonly AllowedType[]): { id: string; type: AllowedType } | null {
  const m = GENERATED_NAME.exec(value);
  if (!m) return null;
  const type = types.find((x) => x.ext === m[2]);
  return type ? { id: m[1], type } : null;
}

/** Where stored files live in the storage: `images/<name>` or `files/<name>`. */
export type UploadKind = 'image' | 'file';
export const KIND_FOLDER: Record<UploadKind, string> = { image: 'images', file: 'files' };

export function storageKey(kind: UploadKind, filename: string): string {
  return `${KIND_FOLDER[kind]}/${filename}`;
}

/** Every key a storage adapter accepts; adapters check it again before touching a path or an object. */
export const STORAGE_KEY = new RegExp(`^(images|files)/${UUID}\\.[a-z0-9]{2,4}$`);
export const SESSION_ID = new RegExp(`^${UUID}$`);
