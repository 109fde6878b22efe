import { Module } from '@nestjs/common';
import { ContentModule } from '../content/content.module';
import { ChallengesModule } from '../challenges/challenges.module';
import { DemoSeeder } from './demo-seeder';
import { CourseDemoSeeder } from './course-demo';

/** Seed: the demo challenge, its tests and trainings, written at start when the config asks for demo data. */
@Module({
  imports: [ContentModule, ChallengesModule],
  providers: [DemoSeeder, CourseDemoSeeder],
})
export class SeedModule {}
