import { Injectable } from '@nestjs/common';
import { type CrudHooks, type CrudWriteContext, DomainError } from '@olymp/server-kit';
import type { LearningEvent } from '../floor/event.entities';

/** What one field cannot say alone: a place or a link, the audience's grade or course, the end after the start. */
export function assertEventWhole(e: Partial<LearningEvent>): void {
  if (!e.onlineUrl && e.centerId == null) throw new DomainError('EVENT_PLACE_REQUIRED');
  if (e.audience === 'grade' && e.grade == null) throw new DomainError('EVENT_AUDIENCE_INCOMPLETE', { audience: 'grade', field: 'grade' });
  if (e.audience === 'course' && !e.courseId) throw new DomainError('EVENT_AUDIENCE_INCOMPLETE', { audience: 'course', field: 'courseId' });
  if (e.startsAt && e.endsAt && e.endsAt.getTime() <= e.startsAt.getTime()) throw new DomainError('EVENT_ENDS_BEFORE_START');
}

@Injectable()
export class EventHooks implements CrudHooks<LearningEvent> {
  beforeStore(input: Partial<LearningEvent>, _ctx: CrudWriteContext) {
    assertEventWhole(input);
  }

  beforeUpdate(row: LearningEvent, input: Partial<LearningEvent>, _ctx: CrudWriteContext) {
    assertEventWhole({ ...row, ...input });
  }
}
