import { randomBytes } from 'node:crypto';
import type { LearningStack } from './support';

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b;
};
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
};
const box = (type: string, ...payload: Buffer[]) => {
  const body = Buffer.concat(payload);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const full = (type: string, ...payload: Buffer[]) => box(type, u32(0), ...payload);

/**
 * A small MP4 as an encoder writes one with its index last (`ftyp`, `mdat`, then `moov`): one 640x360 H.264 track of
 * `seconds` seconds, and `mediaBytes` of (random) media data. file-type takes it for video/mp4; mp4box reads it.
 */
export function mp4(seconds = 12.5, mediaBytes = 300_000): Buffer {
  const matrix = Buffer.concat([u32(0x10000), u32(0), u32(0), u32(0), u32(0x10000), u32(0), u32(0), u32(0), u32(0x40000000)]);
  const units = Math.round(seconds * 1000);
  const mvhd = full('mvhd', u32(0), u32(0), u32(1000), u32(units), u32(0x10000), u16(0x100), Buffer.alloc(10), matrix, Buffer.alloc(24), u32(2));
  const tkhd = box('tkhd', u32(3), u32(0), u32(0), u32(1), u32(0), u32(units), Buffer.alloc(8), u16(0), u16(0), u16(0), u16(0), matrix, u32(640 << 16), u32(360 << 16));
  const mdhd = full('mdhd', u32(0), u32(0), u32(1000), u32(units), u16(0x55c4), u16(0));
  const hdlr = full('hdlr', u32(0), Buffer.from('vide'), Buffer.alloc(12), Buffer.from('Video\0'));
  const avcC = box('avcC', Buffer.from([1, 0x42, 0, 0x1e, 0xff, 0xe0, 0]));
  const avc1 = box('avc1', Buffer.alloc(6), u16(1), Buffer.alloc(16), u16(640), u16(360), u32(0x480000), u32(0x480000), u32(0), u16(1), Buffer.alloc(32), u16(0x18), u16(0xffff), avcC);
  const stbl = box('stbl', full('stsd', u32(1), avc1), full('stts', u32(0)), full('stsc', u32(0)), full('stsz', u32(0), u32(0)), full('stco', u32(0)));
  const minf = box('minf', full('vmhd', u16(0), Buffer.alloc(6)), box('dinf', full('dref', u32(1), box('url ', u32(1)))), stbl);
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
  const ftyp = box('ftyp', Buffer.from('isom'), u32(512), Buffer.from('isomiso2mp41'));
  return Buffer.concat([ftyp, box('mdat', randomBytes(mediaBytes)), box('moov', mvhd, trak)]);
}

/** A PDF as far as its bytes go. */
export const pdf = (bytes = 20_000) => Buffer.concat([Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1'), randomBytes(bytes - 15)]);

/** Sends `file` through the kit's chunked uploads as `token` (chunks of `chunk` bytes); the stored upload's id. */
export async function chunkedUpload(s: LearningStack, token: string, file: Buffer, name: string, chunk = 128 * 1024): Promise<string> {
  const started = await s.http().post('/api/upload').set('Authorization', token).send({ name, size: file.length });
  if (started.status !== 201) throw new Error(`upload start: ${started.status} ${started.text}`);
  const id = started.body.data.id as string;
  for (let offset = 0; offset < file.length; offset += chunk) {
    const res = await s.http().post('/api/upload').set('Authorization', token)
      .field('id', id).field('offset', String(offset)).attach('chunk', file.subarray(offset, offset + chunk), 'part.bin');
    if (res.status !== 200) throw new Error(`upload chunk at ${offset}: ${res.status} ${res.text}`);
  }
  return id;
}
