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
  RENEWAL_ON: msg('Your subscription will renew: an invoice opens before the period ends.', 'Подписка продлится: счёт откроется до конца периода.', 'Жазылым ұзартылады: шот кезең аяқталмай тұрып ашылады.'),
  RENEWAL_OFF: msg('Renewal stopped. You keep access until the end of the paid period.', 'Продление остановлено. Доступ сохранится до конца оплаченного периода.', 'Ұзарту тоқтатылды. Қолжетімділік төленген кезеңнің соңына дейін сақталады.'),
  FLEX_LESSON_DONE: msg('Lesson done. On to the next one!', 'Урок пройден. Переходите к следующему!', 'Сабақ өтілді. Келесісіне өтіңіз!'),
  FREE_TRIAL_GIVEN: msg('Your free trial lesson is booked. See you there!', 'Бесплатный пробный урок записан. До встречи!', 'Тегін сынақ сабағы жазылды. Кездескенше!'),
} as const satisfies Record<string, Localized>;
