/**
 * Hand-written pages, only where a generated screen cannot serve (issue 7): by resource and action, plus routes that
 * are not a resource action (a checkpoint under its challenge). Everything else is generated from the metadata.
 */
import { lazy, type ComponentType } from 'react';
import { GeneratedForm } from '../crud/GeneratedForm';

export interface PageProps {
  resource: string;
  id: string;
  params: Record<string, string | undefined>;
}

type Pages = Partial<Record<'list' | 'create' | 'edit' | 'show', ComponentType<PageProps>>>;

const ChallengeShow = lazy(() => import('./challenges/ChallengeShow'));
const CheckpointPage = lazy(() => import('./challenges/CheckpointPage'));
const QuizBuilder = lazy(() => import('./quizzes/QuizBuilder'));
const RolesPage = lazy(() => import('./roles/RolesPage'));

/** Creating a challenge or a quiz goes on to its page (checkpoints, questions), not back to the list. */
function CreateThenShow({ resource }: PageProps) {
  return <GeneratedForm resource={resource} action="create" redirect="show" />;
}

export const CUSTOM_PAGES: Record<string, Pages> = {
  challenges: { show: ChallengeShow, create: CreateThenShow },
  quizzes: { show: QuizBuilder, create: CreateThenShow },
  roles: { list: RolesPage },
};

export const EXTRA_ROUTES: { path: string; resource: string; action: string; component: ComponentType<PageProps> }[] = [
  { path: '/challenges/:challengeId/checkpoints/:id', resource: 'checkpoints', action: 'show', component: CheckpointPage },
];
