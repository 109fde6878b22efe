import type { Localized } from '@olymp/proto';

/**
 * What learning's stored codes mean to people, in kk, ru and en: published with the resources (`x-enum-labels`
 * in the OpenAPI document) so the staff screens show "Бір жауап", not `single`.
 */
export const QUESTION_KIND_LABELS: Readonly<Record<string, Localized>> = {
  single: { kk: 'Бір жауап', ru: 'Один ответ', en: 'Single choice' },
  multiple: { kk: 'Бірнеше жауап', ru: 'Несколько ответов', en: 'Multiple choice' },
  numeric: { kk: 'Сан', ru: 'Число', en: 'Number' },
  text: { kk: 'Мәтін', ru: 'Текст', en: 'Short text' },
};

export const AUDIENCE_LABELS: Readonly<Record<string, Localized>> = {
  all: { kk: 'Барлығына', ru: 'Для всех', en: 'For all' },
  users: { kk: 'Таңдалғандарға', ru: 'Для выбранных', en: 'For specific users' },
  code: { kk: 'Код арқылы', ru: 'По коду', en: 'By code' },
};

/** What pupils see of a challenge test before its day closes (`resultsBeforeClose`). */
export const RESULTS_BEFORE_CLOSE_LABELS: Readonly<Record<string, Localized>> = {
  points: { kk: 'Тек ұпайлар', ru: 'Только баллы', en: 'Points only' },
  marks: { kk: 'Ұпайлар мен дұрыс/қате белгілері', ru: 'Баллы и отметки верно/неверно', en: 'Points and right/wrong marks' },
};

export const BOARD_KIND_LABELS: Readonly<Record<string, Localized>> = {
  challenge: { kk: 'Челлендж', ru: 'Челлендж', en: 'Challenge' },
  training: { kk: 'Тренинг', ru: 'Тренинг', en: 'Training' },
};

/** How a course is taught (the store's tabs). */
export const COURSE_KIND_LABELS: Readonly<Record<string, Localized>> = {
  live: { kk: 'Онлайн (тікелей)', ru: 'Онлайн (в прямом эфире)', en: 'Live online' },
  flex: { kk: 'Икемді', ru: 'Гибкий', en: 'Flex (self-paced)' },
  'self-study': { kk: 'Өздік оқу', ru: 'Самостоятельное обучение', en: 'Self-study' },
  offline: { kk: 'Офлайн', ru: 'Офлайн', en: 'Offline' },
};

/** A lesson is held live at the group link or given only as a recording. */
export const LESSON_KIND_LABELS: Readonly<Record<string, Localized>> = {
  live: { kk: 'Тікелей эфир', ru: 'Прямой эфир', en: 'Live' },
  recorded: { kk: 'Жазба', ru: 'Запись', en: 'Recorded' },
};

/** Who an event is for. */
export const EVENT_AUDIENCE_LABELS: Readonly<Record<string, Localized>> = {
  all: { kk: 'Барлық оқушыларға', ru: 'Всем ученикам', en: 'All pupils' },
  grade: { kk: 'Бір сыныпқа', ru: 'Одному классу', en: 'One grade' },
  course: { kk: 'Курс оқушыларына', ru: 'Ученикам курса', en: 'A course\'s pupils' },
};
