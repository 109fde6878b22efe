import type { Provider } from '@nestjs/common';
import { KIT_CONFIG, type KitConfig, UPLOAD_STORAGE, UploadSpool, type UploadStorage, createUploadStorage } from '@olymp/server-kit';
import { PeopleService } from './people.service';
import { AvatarsService } from './avatars.service';

/**
 * Providers of the people routes, registered in AuthModule (they need its SignInService). Avatars are stored
 * through the kit's storage port with the adapter UPLOAD_STORAGE names (local disk under UPLOAD_DIR or S3), the
 * same choice `UploadsModule` makes; auth does not import `UploadsModule` itself, whose routes belong to learning.
 */
export const peopleProviders: Provider[] = [
  {
    provide: UPLOAD_STORAGE,
    inject: [KIT_CONFIG],
    useFactory: async (config: KitConfig): Promise<UploadStorage> => {
      const storage = createUploadStorage(config);
      await storage.init();
      return storage;
    },
  },
  {
    provide: UploadSpool,
    inject: [KIT_CONFIG],
    useFactory: async (config: KitConfig) => {
      const spool = new UploadSpool(config.UPLOAD_DIR);
      await spool.init();
      return spool;
    },
  },
  PeopleService,
  AvatarsService,
];
