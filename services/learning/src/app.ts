import { type ServiceDefinition, UploadsModule, auditLogResource, createService } from '@olymp/server-kit';
import { LearningModule } from './learning.module';
import { learningEntities } from './floor/entities';
import { LearningInitial1763900000000 } from './migrations/1763900000000-learning-initial';
import { LearningContestIntegrity1763910000000 } from './migrations/1763910000000-learning-contest-integrity';
import { ContentModule } from './content/content.module';
import { ChallengeResourcesModule } from './challenges/challenges.module';
import { TrainingsModule } from './trainings/trainings.module';

export const learningService: ServiceDefinition = {
  service: 'learning',
  imports: [LearningModule, UploadsModule, ContentModule, ChallengeResourcesModule, TrainingsModule, auditLogResource({ access: 'log:index', path: 'logs/learning' })],
  entities: learningEntities,
  migrations: [LearningInitial1763900000000, LearningContestIntegrity1763910000000],
};

export const startLearning = (env: Record<string, string | undefined> = process.env) => createService(learningService, env);
export { AttemptSweeper } from './attempts/sweeper';
export { Attempts } from './attempts/attempts.service';
export { Leaderboards } from './boards/leaderboard.service';
