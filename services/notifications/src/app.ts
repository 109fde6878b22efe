import { type DynamicModule, Module } from '@nestjs/common';
import { type KitConfig, type ServiceDefinition, createService } from '@olymp/server-kit';
import { DevSms } from './sms/dev-sms.entity';
import { DevSmsController, SmsDelivery } from './sms/sms';
import { NotificationsInitial1763780000100 } from './migrations/1763780000100-notifications-initial';

/** Notifications: live leaderboards and notices over socket.io, and outgoing SMS. */
@Module({})
export class NotificationsModule {
  static register(config: KitConfig): DynamicModule {
    return {
      module: NotificationsModule,
      controllers: config.DEV_SMS_INBOX ? [DevSmsController] : [],
      providers: [SmsDelivery],
    };
  }
}

export const notificationsService: ServiceDefinition = {
  service: 'notifications',
  imports: (config) => [NotificationsModule.register(config)],
  entities: [DevSms],
  migrations: [NotificationsInitial1763780000100],
};

export const startNotifications = (env: Record<string, string | undefined> = process.env) =>
  createService(notificationsService, env);

export { BoardRanking, type Standing, type RankedStanding } from './leaderboard/board-ranking';
