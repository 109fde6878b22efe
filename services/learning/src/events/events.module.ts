import { Module } from '@nestjs/common';
import { AuditModule, CrudResource, UploadsModule } from '@olymp/server-kit';
import { LearningEvent } from '../floor/event.entities';
import { EVENT_AUDIENCE_LABELS } from '../floor/display';
import { createEvent, updateEvent } from './event.dto';
import { EventHooks } from './event.hooks';
import { EventsAdmin } from './events-admin.service';
import { EventsAdminController } from './events-admin.controller';
import { MyEvents } from './my-events.service';
import { MyEventsController } from './my-events.controller';
import { EventReminders } from './event-reminders';

/**
 * Events (issue 16): staff CRUD of events (read with the sidebar's event_index, written with event:*), publishing
 * and the image; pupils' upcoming list, event page and calendar file; the reminder an hour before (an outbox event
 * notifications turns into notices). docs/learning.md "Events".
 */
@Module({
  imports: [
    AuditModule,
    UploadsModule,
    CrudResource.register({
      path: 'events', entity: LearningEvent, create: createEvent, update: updateEvent,
      access: { read: 'sidebar:event_index', store: 'event:create', update: 'event:update', destroy: 'event:delete' },
      searchable: ['titleKk', 'titleRu', 'titleEn'], label: ['title'], relations: { course: {} }, hooks: EventHooks,
      fields: {
        audience: { enumLabels: EVENT_AUDIENCE_LABELS },
        imageUrl: { hiddenInList: true }, onlineUrl: { hiddenInList: true }, centerId: { hiddenInList: true },
        descriptionKk: { hiddenInList: true }, descriptionRu: { hiddenInList: true }, descriptionEn: { hiddenInList: true },
        publishedAt: { hiddenInList: true }, remindedAt: { hiddenInList: true },
      },
      defaultSort: [{ field: 'startsAt', order: 'DESC' }],
    }),
  ],
  controllers: [EventsAdminController, MyEventsController],
  providers: [EventHooks, EventsAdmin, MyEvents, EventReminders],
})
export class EventsModule {}
