import { quizEntities } from './quiz.entities';
import { challengeEntities } from './challenge.entities';
import { Participation } from './participation.entity';
import { attemptEntities } from './attempt.entities';
import { trainingEntities } from './training.entities';
import { treasureEntities } from './treasure.entities';
import { certificateEntities } from './certificate.entities';
import { courseEntities } from './course.entities';
import { libraryEntities } from './library.entities';
import { eventEntities } from './event.entities';
import { mediaEntities } from './media.entities';
import { enrolmentEntities } from './enrolment.entities';
import { teachingEntities } from './teaching.entities';
import { flexEntities } from './flex.entities';
import { coursePagesEntities } from './course-pages.entities';

export const learningEntities = [
  ...quizEntities, ...challengeEntities, Participation, ...attemptEntities, ...trainingEntities, ...treasureEntities, ...courseEntities, ...certificateEntities,
  ...libraryEntities, ...eventEntities, ...mediaEntities, ...enrolmentEntities, ...teachingEntities, ...flexEntities, ...coursePagesEntities,
];
