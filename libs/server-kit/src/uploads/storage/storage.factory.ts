import type { KitConfig } from '../../config/config';
import { LocalStorage } from './local.storage';
import { S3Storage } from './s3.storage';
import type { UploadStorage } from './storage.port';

/** The adapter UPLOAD_STORAGE names; config validation has already made sure s3 has what it needs. */
export async function createUploadStorage(config: KitConfig): Promise<UploadStorage> {
  switch (config.UPLOAD_STORAGE) {
    case 'local':
      return new LocalStorage(config.UPLOAD_DIR);
    case 's3':
      return S3Storage.fromConfig(config);
  }
}
