import type { PageProps } from '../pages/registry';
import { GeneratedForm } from './GeneratedForm';

/** Creating a challenge, a quiz or a training goes on to its page (checkpoints, questions, chapters), not back to the list. */
export function CreateThenShow({ resource }: PageProps) {
  return <GeneratedForm resource={resource} action="create" redirect="show" />;
}
