import type { Localized } from './locale';

export interface ErrorDef {
  readonly status: number;
  readonly message: Localized;
}

/** An error code's HTTP status and its message in en, ru and kk (the message says what to do next). */
export const def = (status: number, en: string, ru: string, kk: string): ErrorDef => ({ status, message: { en, ru, kk } });
