import type { EventOutbox } from '@olymp/server-kit';
import type { EntityManager } from 'typeorm';
import { CourseGroup } from '../floor/course.entities';
import type { ConsultationSlot } from '../floor/course-pages.entities';

/**
 * A consultation is called off by deleting its slot (staff's resource, or a teacher of the group over
 * `DELETE groups/{group}/consultation-slots/{slot}`): the booking pupil is told (`consultation.slot.cancelled`, in the
 * delete's transaction; notifications gives them a notice). A slot already started, or free, tells nobody.
 * Answers whether a pupil was told.
 */
export async function tellSlotCancelled(m: EntityManager, outbox: EventOutbox, row: ConsultationSlot, now: Date): Promise<boolean> {
  if (!row.bookedBy || row.startsAt.getTime() <= now.getTime()) return false;
  const group = await m.findOne(CourseGroup, { where: { id: row.groupId }, relations: { course: true } });
  const c = group?.course;
  if (!group || !c) return false;
  const fallback = c.titleKk || c.titleRu || c.titleEn;
  await outbox.add(m, 'consultation.slot.cancelled', {
    slotId: row.id, groupId: row.groupId, courseId: c.id, pupilId: row.bookedBy,
    course: { kk: c.titleKk || fallback, ru: c.titleRu || fallback, en: c.titleEn || fallback },
    startsAt: row.startsAt.toISOString(), cancelledAt: now.toISOString(),
  });
  return true;
}
