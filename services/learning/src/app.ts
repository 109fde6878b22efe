import { Module } from '@nestjs/common';
import { type ServiceDefinition, createService } from '@olymp/server-kit';

/** Learning: challenges, checkpoints, trainings, courses, quizzes and attempts, scoring, achievements. */
@Module({})
export class LearningModule {}

export const learningService: ServiceDefinition = {
  service: 'learning',
  imports: [LearningModule],
  entities: [],
  migrations: [],
};

export const startLearning = (env: Record<string, string | undefined> = process.env) => createService(learningService, env);
