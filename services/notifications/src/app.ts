import { type DynamicModule, Module } from '@nestjs/common';
import { AuditModule, type KitConfig, type ServiceDefinition, auditLogResource, createService, uploadStorageProviders } from '@olymp/server-kit';
import { NOTIFICATIONS_CONFIG } from './tokens';
import { type NotificationsConfig, loadNotificationsConfig } from './config';
import { DevSms } from './sms/dev-sms.entity';
import { DevSmsController, SmsDeliveriesRpc, SmsDelivery } from './sms/sms';
import { SmsDeliveryRecord } from './sms/sms-delivery.entity';
import { RealtimeServer } from './realtime/realtime.server';
import { AfterCommit } from './realtime/after-commit';
import { BoardRegistry } from './leaderboard/board-registry';
import { BoardPeople } from './leaderboard/board-people';
import { BoardViews } from './leaderboard/board-views';
import { QuizFinishedFeed } from './leaderboard/quiz-finished.feed';
import { LeaderboardPublisher } from './leaderboard/leaderboard.publisher';
import { LeaderboardLiveController } from './leaderboard/leaderboard-live.controller';
import { Notice } from './notices/notice.entity';
import { NoticesService } from './notices/notices.service';
import { NoticesConsumer } from './notices/notices.consumer';
import { LessonReminderConsumer } from './notices/lesson-reminder.consumer';
import { CourseNewsConsumer } from './notices/course-news.consumer';
import { CourseNoticesConsumer } from './notices/course-notices.consumer';
import { NoticesController } from './notices/notices.controller';
import { NotificationsInitial1763780000100 } from './migrations/1763780000100-notifications-initial';
import { NotificationsLive1763820000000 } from './migrations/1763820000000-notifications-live';
import { NotificationsChat1764100000000 } from './migrations/1764100000000-notifications-chat';
import { ChatGroup, ChatImage, ChatMember, ChatMessage, ChatReport } from './chat/chat.entities';
import { ChatImagesController } from './chat/chat-images.controller';
import { ChatImagesService } from './chat/chat-images.service';
import { NotificationsChatImages1764200000000 } from './migrations/1764200000000-notifications-chat-images';
import { NotificationsChatOpen1764900000000 } from './migrations/1764900000000-notifications-chat-open';
import { NotificationsSmsDeliveries1764930000000 } from './migrations/1764930000000-notifications-sms-deliveries';
import { ChatService } from './chat/chat.service';
import { ChatController } from './chat/chat.controller';
import { ChatAdminController } from './chat/chat-admin.controller';
import { ChatMembershipConsumer } from './chat/chat-membership.consumer';
import { ChatRealtime } from './chat/chat.realtime';

/** Chat groups (docs/chat.md): its own feature folder, on the node's socket.io server and notices. */
@Module({
  imports: [AuditModule],
  controllers: [ChatController, ChatAdminController, ChatImagesController],
  providers: [ChatService, ChatMembershipConsumer, ChatRealtime, ...uploadStorageProviders, ChatImagesService],
})
export class ChatModule {}

/** Notifications: live leaderboards and notices over socket.io, chat, and outgoing SMS. */
@Module({})
export class NotificationsModule {
  static register(config: KitConfig, settings: NotificationsConfig): DynamicModule {
    return {
      module: NotificationsModule,
      controllers: [LeaderboardLiveController, NoticesController, SmsDeliveriesRpc, ...(config.DEV_SMS_INBOX ? [DevSmsController] : [])],
      providers: [
        { provide: NOTIFICATIONS_CONFIG, useValue: settings },
        RealtimeServer,
        AfterCommit,
        BoardRegistry,
        BoardPeople,
        BoardViews,
        QuizFinishedFeed,
        LeaderboardPublisher,
        NoticesService,
        NoticesConsumer,
        LessonReminderConsumer,
        CourseNewsConsumer,
        CourseNoticesConsumer,
        SmsDelivery,
      ],
      exports: [RealtimeServer, AfterCommit, NoticesService],
    };
  }
}

/** The service for an environment (its own settings are read from the same variables as the kit's). */
export const notificationsDefinition = (env: Record<string, string | undefined> = process.env): ServiceDefinition => ({
  service: 'notifications',
  imports: (config) => {
    const core = NotificationsModule.register(config, loadNotificationsConfig(env, config));
    return [core, { module: ChatModule, imports: [AuditModule, core] }, auditLogResource({ access: 'log:index', path: 'logs/notifications' })];
  },
  entities: [DevSms, SmsDeliveryRecord, Notice, ChatGroup, ChatMember, ChatMessage, ChatReport, ChatImage],
  migrations: [NotificationsInitial1763780000100, NotificationsLive1763820000000, NotificationsChat1764100000000, NotificationsChatImages1764200000000, NotificationsChatOpen1764900000000, NotificationsSmsDeliveries1764930000000],
});

export const notificationsService: ServiceDefinition = notificationsDefinition();

export const startNotifications = (env: Record<string, string | undefined> = process.env) =>
  createService(notificationsDefinition(env), env);

export { BoardRegistry } from './leaderboard/board-registry';
export type * from './realtime/socket-contract';
export { recordSmsOutcomes, type SmsOutcomeRecord } from './sms/sms';
