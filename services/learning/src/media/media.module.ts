import { Module } from '@nestjs/common';
import { AuditModule, UploadsModule } from '@olymp/server-kit';
import { MaterialsController } from './media.controller';
import { Materials } from './materials.service';
import { MediaOwners } from './owners';
import { Recordings } from './recordings.service';
import { SocialMedia } from './social-media.service';
import { SocialMediaController } from './social-media.controller';
import { VideosController } from './videos.controller';
import { Videos } from './videos.service';

/**
 * Media (issue 16 "Materials, videos, social media"; issue 15 "Recordings"): materials of lessons, training
 * subchapters, library chapters and events (files and videos through the kit's chunked uploads, links), `reorder`,
 * the readers' `media` and `links` lists; videos' `info` and `play` with range requests; a lesson's recording for
 * its group's pupils for 60 days; the footer's social-media links. Reads the floor only (owners' tables, group
 * members, participations). docs/learning.md "Materials and videos".
 */
@Module({
  imports: [AuditModule, UploadsModule],
  controllers: [MaterialsController, VideosController, SocialMediaController],
  providers: [MediaOwners, Materials, Videos, Recordings, SocialMedia],
})
export class MediaModule {}
