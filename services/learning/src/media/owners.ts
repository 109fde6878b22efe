import { Injectable } from '@nestjs/common';
import type { MaterialOwnerKind, Permission } from '@olymp/proto';
import { type AuthUser, Clock, DomainError, RpcClient, notFound } from '@olymp/server-kit';
import { DataSource } from 'typeorm';
import { holdsAny } from '../floor/access';
import { CourseGroup, GroupMember, Lesson, RECORDING_DAYS } from '../floor/course.entities';
import { termsPending } from '../floor/course-pages.entities';
import { LearningEvent } from '../floor/event.entities';
import { Library, LibraryChapter } from '../floor/library.entities';
import { Participation } from '../floor/participation.entity';
import { Training, TrainingSubchapter } from '../floor/training.entities';
import type { Material } from '../floor/media.entities';
import { Course } from '../floor/course.entities';
import { FlexChapter, FlexLesson, flexAccessOpen } from '../floor/flex.entities';

/**
 * The permission keys of each owner (the keys the owner's own staff screens use): `read` lists its materials
 * with their staff fields, `write` adds, edits, reorders and removes them.
 */
export const OWNER_KEYS: Record<MaterialOwnerKind, { read: Permission; write: Permission }> = {
  lesson: { read: 'sidebar:group_index', write: 'group:update' },
  'training-subchapter': { read: 'training:chapter_tab', write: 'training:subchapter_update' },
  'library-chapter': { read: 'library:chapters_tab', write: 'library:update' },
  event: { read: 'sidebar:event_index', write: 'event:update' },
  'flex-lesson': { read: 'sidebar:course_index', write: 'course:update' },
};

const DAY_MS = 86_400_000;

/** How a caller stands towards an owner: staff (or a lesson's teacher) see everything; a `reader` sees it as a pupil. */
export type OwnerViewer = { kind: 'staff' } | { kind: 'reader'; lesson: Lesson | null };

/**
 * Who may see or change the materials of an owner. Staff by the owner's keys (OWNER_KEYS); a lesson's teachers as
 * staff of that lesson; and readers: a lesson's group members, the pupils who joined a published training, anyone
 * signed in for a published library's chapter, the audience of a published event (all, the grade, the course's
 * groups), the pupils of a flex course whose access runs for its lessons. A stranger gets 404 for what they may not know of, 403 NOT_GROUP_MEMBER for a lesson of another group.
 */
@Injectable()
export class MediaOwners {
  constructor(
    private readonly ds: DataSource,
    private readonly rpc: RpcClient,
    private readonly clock: Clock,
  ) {}

  /** 404 MATERIAL_OWNER_NOT_FOUND unless the owner exists. */
  async assertExists(kind: MaterialOwnerKind, id: string): Promise<void> {
    const found = await this.find(kind, id);
    if (!found) throw new DomainError('MATERIAL_OWNER_NOT_FOUND');
  }

  private async find(kind: MaterialOwnerKind, id: string): Promise<boolean> {
    switch (kind) {
      case 'lesson': return this.ds.getRepository(Lesson).existsBy({ id });
      case 'training-subchapter': return this.ds.getRepository(TrainingSubchapter).existsBy({ id });
      case 'library-chapter': return this.ds.getRepository(LibraryChapter).existsBy({ id });
      case 'event': return this.ds.getRepository(LearningEvent).existsBy({ id });
      case 'flex-lesson': return this.ds.getRepository(FlexLesson).existsBy({ id });
    }
  }

  /** Staff holding the owner's write key, or a teacher of the lesson's group: may change its materials. */
  async assertMayWrite(user: AuthUser, kind: MaterialOwnerKind, id: string): Promise<void> {
    await this.assertExists(kind, id);
    if (holdsAny(user, OWNER_KEYS[kind].write)) return;
    if (kind === 'lesson' && (await this.lessonRole(user, id)) === 'teacher') return;
    throw new DomainError(kind === 'lesson' ? 'NOT_GROUP_TEACHER' : 'FORBIDDEN');
  }

  /** Staff holding the owner's read or write key (or the lesson's teacher): the staff list with upload ids. */
  async isStaffOf(user: AuthUser, kind: MaterialOwnerKind, id: string): Promise<boolean> {
    if (holdsAny(user, OWNER_KEYS[kind].read, OWNER_KEYS[kind].write)) return true;
    return kind === 'lesson' && (await this.lessonRole(user, id)) === 'teacher';
  }

  /** Whether the caller may see the owner's materials, and as whom; throws for a stranger. */
  async viewer(user: AuthUser, kind: MaterialOwnerKind, id: string): Promise<OwnerViewer> {
    await this.assertExists(kind, id);
    if (await this.isStaffOf(user, kind, id)) return { kind: 'staff' };
    switch (kind) {
      case 'lesson': {
        const lesson = await this.ds.getRepository(Lesson).findOneByOrFail({ id });
        const member = await this.ds.getRepository(GroupMember).existsBy({ groupId: lesson.groupId, userId: user.sub });
        if (!member) throw new DomainError('NOT_GROUP_MEMBER');
        // The terms gate (docs/course-pages.md): a pupil opens a lesson's recording and materials once they have
        // accepted the course's current terms.
        const group = await this.ds.getRepository(CourseGroup).findOneByOrFail({ id: lesson.groupId });
        if ((await termsPending(this.ds.manager, [group.courseId], user.sub)).size) throw new DomainError('TERMS_NOT_ACCEPTED');
        return { kind: 'reader', lesson };
      }
      case 'training-subchapter': {
        const sub = await this.ds.getRepository(TrainingSubchapter).findOneByOrFail({ id });
        const training = await this.ds.getRepository(Training).findOneBy({ id: sub.trainingId, published: true });
        const joined = training && (await this.ds.getRepository(Participation).existsBy({ boardKind: 'training', boardId: training.id, userId: user.sub }));
        if (!joined) throw notFound();
        return { kind: 'reader', lesson: null };
      }
      case 'library-chapter': {
        const chapter = await this.ds.getRepository(LibraryChapter).findOneByOrFail({ id });
        if (!(await this.ds.getRepository(Library).existsBy({ id: chapter.libraryId, published: true }))) throw notFound();
        return { kind: 'reader', lesson: null };
      }
      case 'event': {
        const event = await this.ds.getRepository(LearningEvent).findOneByOrFail({ id });
        if (!event.published || !(await this.inAudience(user, event))) throw notFound();
        return { kind: 'reader', lesson: null };
      }
      case 'flex-lesson': {
        // A flex course's lesson: published (with its chapter and course) for pupils whose enrolment's access runs.
        const lesson = await this.ds.getRepository(FlexLesson).findOneByOrFail({ id });
        const chapter = await this.ds.getRepository(FlexChapter).findOneByOrFail({ id: lesson.chapterId });
        const course = await this.ds.getRepository(Course).findOneBy({ id: chapter.courseId, published: true });
        if (!course || !lesson.published || !chapter.published) throw notFound();
        if (!(await flexAccessOpen(this.ds.manager, course.id, user.sub, this.clock.now()))) throw new DomainError('FLEX_NOT_ENROLLED');
        return { kind: 'reader', lesson: null };
      }
    }
  }

  /**
   * A pupil plays a lesson's recording from the lesson's start for RECORDING_DAYS days (the kit's Clock), then it is
   * gone for them; staff and the group's teachers keep it.
   */
  assertRecordingOpen(viewer: OwnerViewer, material: Pick<Material, 'isRecording'>): Date | null {
    if (viewer.kind === 'staff' || !material.isRecording || !viewer.lesson) return null;
    const start = viewer.lesson.startsAt.getTime();
    const until = start + RECORDING_DAYS * DAY_MS;
    const now = this.clock.nowMs();
    if (now < start) throw new DomainError('RECORDING_NOT_STARTED');
    if (now > until) throw new DomainError('RECORDING_EXPIRED', { days: RECORDING_DAYS });
    return new Date(until);
  }

  private async lessonRole(user: AuthUser, lessonId: string): Promise<string | null> {
    const rows = (await this.ds.createQueryBuilder()
      .select('m.role', 'role')
      .from(GroupMember, 'm')
      .innerJoin(Lesson, 'l', 'l.group_id = m.group_id')
      .where('l.id = :lessonId AND m.user_id = :userId', { lessonId, userId: user.sub })
      .getRawMany()) as { role: string }[];
    return rows[0]?.role ?? null;
  }

  private async inAudience(user: AuthUser, event: LearningEvent): Promise<boolean> {
    switch (event.audience) {
      case 'all': return true;
      case 'grade': {
        const { users } = await this.rpc.request('auth.users.get', { userIds: [user.sub] });
        return users[0]?.grade === event.grade;
      }
      case 'course': {
        if (!event.courseId) return false;
        return (await this.ds.createQueryBuilder()
          .from(GroupMember, 'm')
          .innerJoin(CourseGroup, 'g', 'g.id = m.group_id')
          .where('g.course_id = :courseId AND m.user_id = :userId', { courseId: event.courseId, userId: user.sub })
          .getCount()) > 0;
      }
    }
  }
}
