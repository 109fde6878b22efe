import { Module } from '@nestjs/common';
import { type ServiceDefinition, UploadsModule, createService } from '@olymp/server-kit';

/** Learning: challenges, checkpoints, trainings, courses, quizzes and attempts, scoring, achievements. */
@Module({})
export class LearningModule {}

export const learningService: ServiceDefinition = {
  service: 'learning',
  imports: [LearningModule, UploadsModule],
  entities: [],
  migrations: [],
};

export const startLearning = (env: Record<string, string | undefined> = process.env) => createService(learningService, env);
