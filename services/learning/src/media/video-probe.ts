export interface VideoFacts {
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
}

const NO_FACTS: VideoFacts = { durationSeconds: null, width: null, height: null };
const STEP = 64 * 1024;
/** The most a probe reads: box headers and the `moov` (the index), never the media data it skips. */
const MAX_READ = 32 * 1024 * 1024;

/** Bytes `start`..`end` (included) of the stored file. */
export type ReadRange = (start: number, end: number) => Promise<Buffer>;

/**
 * An MP4's length and frame size, read by mp4box (GPAC's MP4Box in JavaScript) the way a player does over HTTP
 * ranges: it asks for the next position it needs, skipping `mdat` (the media data), so only the box headers and
 * the `moov` are read, wherever the `moov` is (start or end of the file), and nothing large is held in memory. No
 * ffmpeg. Other types (WebM, MP3) and files mp4box cannot read give nulls: the player still plays them.
 */
export async function probeVideo(read: ReadRange, mime: string, size: number): Promise<VideoFacts> {
  if (mime !== 'video/mp4' && mime !== 'audio/x-m4a') return NO_FACTS;
  // mp4box loads with the first video, not with every start of learning.
  const { Log, MP4BoxBuffer, createFile } = await import('mp4box');
  // mp4box logs every box it reads oddly to the console; errors reach onError.
  Log.setLogLevel(Log.error);
  const file = createFile();
  let facts: VideoFacts | null = null;
  let failed = false;
  file.onReady = (info) => {
    const video = info.videoTracks[0];
    facts = {
      durationSeconds: info.timescale > 0 && info.duration > 0 ? Math.round((info.duration / info.timescale) * 1000) / 1000 : null,
      width: video ? Math.round(video.track_width) || null : null,
      height: video ? Math.round(video.track_height) || null : null,
    };
  };
  file.onError = () => {
    failed = true;
  };
  let pos = 0;
  let total = 0;
  try {
    while (!facts && !failed && pos < size && total < MAX_READ) {
      const chunk = await read(pos, Math.min(size, pos + STEP) - 1);
      total += chunk.length;
      const next = file.appendBuffer(MP4BoxBuffer.fromArrayBuffer(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.length), pos));
      if (next <= pos) break;
      pos = next;
    }
    if (!facts) file.flush();
  } catch {
    return NO_FACTS;
  }
  return facts ?? NO_FACTS;
}
