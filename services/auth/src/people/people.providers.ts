import type { Provider } from '@nestjs/common';
import { uploadStorageProviders } from '@olymp/server-kit';
import { PeopleService } from './people.service';
import { AvatarsService } from './avatars.service';

/**
 * Providers of the people routes, registered in AuthModule (they need its SignInService). Avatars are stored
 * through the kit's storage port with the adapter UPLOAD_STORAGE names (local disk under UPLOAD_DIR or S3), the
 * same choice `UploadsModule` makes; auth does not import `UploadsModule` itself, whose routes belong to learning.
 */
export const peopleProviders: Provider[] = [...uploadStorageProviders, PeopleService, AvatarsService];
