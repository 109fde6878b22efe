/**
 * A file sent through the kit's resumable chunked uploads (uploads.module.ts): start with its name and size, then
 * each chunk at the offset the server says it has; a chunk answered 409 resumes at the offset the answer names.
 */
import type { UploadReply } from '@olymp/proto';
import { API_URL, http } from '../../api/http';

export async function uploadInChunks(file: File, onProgress: (percent: number) => void): Promise<string> {
  const started = (await http.post<UploadReply>(`${API_URL}/upload`, { name: file.name, size: file.size, type: file.type || undefined })).data.data;
  const chunkSize = started.chunkSize ?? 5 * 1024 * 1024;
  let offset = 0;
  while (offset < file.size) {
    const form = new FormData();
    form.append('id', started.id);
    form.append('offset', String(offset));
    form.append('chunk', file.slice(offset, offset + chunkSize), 'chunk');
    const view = (await http.post<UploadReply>(`${API_URL}/upload`, form)).data.data;
    offset = view.offset;
    onProgress(Math.round((offset / file.size) * 100));
  }
  return started.id;
}
