import { quizEntities } from './content/quiz.entities';
import { challengeEntities } from './challenges/challenge.entities';
import { Participation } from './boards/participation.entity';
import { attemptEntities } from './attempts/attempt.entities';
import { trainingEntities } from './trainings/training.entities';
import { treasureEntities } from './treasures/treasure.entities';

export const learningEntities = [
  ...quizEntities, ...challengeEntities, Participation, ...attemptEntities, ...trainingEntities, ...treasureEntities,
];
