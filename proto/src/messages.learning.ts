import type { Localized } from './locale';

const msg = (en: string, ru: string, kk: string): Localized => ({ en, ru, kk });

/** Success messages of the learning service (merged into MESSAGES). */
export const LEARNING_MESSAGES = {
  JOINED: msg('You have joined. Good luck!', 'Вы участвуете. Удачи!', 'Сіз қосылдыңыз. Сәттілік!'),
  LEFT: msg('You have left.', 'Вы вышли.', 'Сіз шықтыңыз.'),
  ANSWER_SAVED: msg('Answer saved.', 'Ответ сохранён.', 'Жауап сақталды.'),
  QUIZ_FINISHED: msg('The test is finished.', 'Тест завершён.', 'Тест аяқталды.'),
  TREASURE_CLAIMED: msg('Treasure claimed!', 'Сокровище получено!', 'Қазына алынды!'),
  MATERIAL_REMOVED: msg('The material is removed.', 'Материал удалён.', 'Материал жойылды.'),
} as const satisfies Record<string, Localized>;
