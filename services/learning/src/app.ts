import { type ServiceDefinition, UploadsModule, auditLogResource, createService } from '@olymp/server-kit';
import { learningEntities } from './floor/entities';
import { LearningInitial1763900000000 } from './migrations/1763900000000-learning-initial';
import { LearningContestIntegrity1763910000000 } from './migrations/1763910000000-learning-contest-integrity';
import { LearningCourses1763920000000 } from './migrations/1763920000000-learning-courses';
import { LearningCourseGroups1763930000000 } from './migrations/1763930000000-learning-course-groups';
import { LearningCertificates1763940000000 } from './migrations/1763940000000-learning-certificates';
import { LearningLibrary1763947000000 } from './migrations/1763947000000-learning-library';
import { LearningEvents1763965000000 } from './migrations/1763965000000-learning-events';
import { LearningMedia1763975000000 } from './migrations/1763975000000-learning-media';
import { LearningEnrolment1763975500000 } from './migrations/1763975500000-learning-enrolment';
import { LearningTeaching1764200000000 } from './migrations/1764200000000-learning-teaching';
import { LearningFlex1764305000000 } from './migrations/1764305000000-learning-flex';
import { LearningEnrolmentRefunds1764900000000 } from './migrations/1764900000000-learning-enrolment-refunds';
import { LearningCertificateLocale1764900000100 } from './migrations/1764900000100-learning-certificate-locale';
import { LearningCoursePages1764910000000 } from './migrations/1764910000000-learning-course-pages';
import { LearningAttendanceExcused1764920000000 } from './migrations/1764920000000-learning-attendance-excused';
import { ContentModule } from './content/content.module';
import { BoardsModule } from './boards/boards.module';
import { TreasuresModule } from './treasures/treasures.module';
import { AttemptsModule } from './attempts/attempts.module';
import { ResultsModule } from './results/results.module';
import { ChallengesModule } from './challenges/challenges.module';
import { TrainingsModule } from './trainings/trainings.module';
import { CoursesModule } from './courses/courses.module';
import { EnrolmentModule } from './enrolment/enrolment.module';
import { TeachingModule } from './teaching/teaching.module';
import { CoursePagesModule } from './course-pages/course-pages.module';
import { CertificatesModule } from './certificates/certificates.module';
import { EventsModule } from './events/events.module';
import { StatsModule } from './stats/stats.module';
import { SeedModule } from './seed/seed.module';
import { LibraryModule } from './library/library.module';
import { MediaModule } from './media/media.module';
import { FlexModule } from './flex/flex.module';

/**
 * Learning: challenges, checkpoints, trainings, quizzes and attempts, scoring, leaderboards, achievements. One Nest
 * module per feature folder over the floor (`floor/`: entities and shared rules); a feature imports only the floor
 * and features listed before it here (test/layering.spec.ts holds the order). docs/architecture.md, "How a
 * learning feature is laid out".
 */
export const learningService: ServiceDefinition = {
  service: 'learning',
  // The gateway's coalesced answer saves (attempts/answer-saves.controller.ts).
  internalRoutes: ['internal/answer-saves'],
  imports: [
    UploadsModule, ContentModule, BoardsModule, TreasuresModule, AttemptsModule, ResultsModule, ChallengesModule, TrainingsModule,
    CoursesModule, EnrolmentModule, TeachingModule, CoursePagesModule, EventsModule, CertificatesModule, LibraryModule, MediaModule, FlexModule, StatsModule, SeedModule, auditLogResource({ access: 'log:index', path: 'logs/learning' }),
  ],
  entities: learningEntities,
  migrations: [LearningInitial1763900000000, LearningContestIntegrity1763910000000, LearningCourses1763920000000, LearningCourseGroups1763930000000, LearningCertificates1763940000000, LearningLibrary1763947000000, LearningEvents1763965000000, LearningMedia1763975000000, LearningEnrolment1763975500000, LearningTeaching1764200000000, LearningFlex1764305000000, LearningEnrolmentRefunds1764900000000, LearningCertificateLocale1764900000100, LearningCoursePages1764910000000, LearningAttendanceExcused1764920000000],
};

export const startLearning = (env: Record<string, string | undefined> = process.env) => createService(learningService, env);
export { AttemptSweeper } from './attempts/sweeper';
export { EventReminders } from './events/event-reminders';
export { Attempts } from './attempts/attempts.service';
export { Leaderboards } from './boards/leaderboard.service';
export { RenewalSweeper } from './enrolment/renewal-sweeper';
export { LessonReminders } from './teaching/lesson-reminders';
