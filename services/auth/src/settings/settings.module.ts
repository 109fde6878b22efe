import { Module } from '@nestjs/common';
import { AuditModule } from '@olymp/server-kit';
import { SettingsController } from './settings.controller';
import { SettingsService } from './settings.service';

/** Platform settings by key (settings.controller.ts). */
@Module({
  imports: [AuditModule],
  controllers: [SettingsController],
  providers: [SettingsService],
})
export class SettingsModule {}
