/** Trainings (docs/learning.md): chapters, subchapters with a test each, hearts and tries. */
import type { Localized } from '../lib/format';
import { authJson } from './session';

export interface Hearts {
  hearts: number;
  max: number;
  refillAt: string | null;
  resetMinutes: number;
}

export interface TrainingSummary {
  id: string;
  title: Localized;
  description: Localized;
  grade: number | null;
  paid: boolean;
  priceTenge: number;
  priceZp: number;
  tryNumber: number;
  heartsMax: number;
  heartResetMinutes: number;
  imageUrl: string | null;
  joined: boolean;
}

export interface Subchapter {
  id: string;
  title: Localized;
  position: number;
  content: Localized;
  quiz: { id: string; title: Localized; durationSeconds: number; questionCount: number; maxPoints: number } | null;
  progress: { triesUsed: number; triesLeft: number; finishedAttempts: number; bestPoints: number | null; runningAttempt: unknown } | null;
}

export interface TrainingDetail extends TrainingSummary {
  participation: { joinedAt: string; points: number; hearts: Hearts } | null;
  chapters: { id: string; title: Localized; position: number; subchapters: Subchapter[] }[];
}

export const getTrainings = () => authJson<{ data: TrainingSummary[] }>('trainings-all').then((a) => a.data);
export const getTraining = (id: string) => authJson<{ data: TrainingDetail }>(`trainings-all/${id}`).then((a) => a.data);
export const joinTraining = (id: string) => authJson<{ data: unknown; message: string }>(`trainings/${id}/join`, { method: 'POST', body: {} });
export const trainingInvoice = (id: string) => authJson<{ data: { invoiceId: string } }>(`trainings/${id}/invoice`, { method: 'POST', body: {} }).then((a) => a.data);
