/** Trainings (docs/learning.md): chapters, subchapters with a test each, hearts and tries. */
import type { BoardInvoiceReply, HeartsView, JoinTrainingReply, SubchapterView, TrainingListReply, TrainingPage, TrainingPageReply } from '@olymp/proto';
import { authJson } from './session';

// Proto's HTTP contracts (proto/src/http.learning.ts), imported type-only; learning's routes are checked against them.
export type { TrainingSummary } from '@olymp/proto';
export type Hearts = HeartsView;
export type Subchapter = SubchapterView;
export type TrainingDetail = TrainingPage;

export const getTrainings = () => authJson<TrainingListReply>('trainings-all').then((a) => a.data);
export const getTraining = (id: string) => authJson<TrainingPageReply>(`trainings-all/${id}`).then((a) => a.data);
export const joinTraining = (id: string) => authJson<JoinTrainingReply>(`trainings/${id}/join`, { method: 'POST', body: {} });
export const trainingInvoice = (id: string) => authJson<BoardInvoiceReply>(`trainings/${id}/invoice`, { method: 'POST', body: {} }).then((a) => a.data);
