import { type ErrorDef, def } from './error-def';

/**
 * Error codes of an online course's pupil pages (learning, docs/course-pages.md; merged into ERRORS): the news feed,
 * consultation slots and bookings, the course's terms (onboarding and agreements).
 */
export const COURSE_PAGES_ERRORS = {
  CONSULTATION_SLOT_TAKEN: def(
    409,
    'Someone has just booked this consultation time. Choose another free time.',
    'Это время консультации только что заняли. Выберите другое свободное время.',
    'Бұл кеңес уақытын жаңа ғана біреу брондады. Басқа бос уақытты таңдаңыз.',
  ),
  CONSULTATION_SLOT_PAST: def(
    409,
    'This consultation time has already started or passed. Choose a time in the future.',
    'Это время консультации уже началось или прошло. Выберите время в будущем.',
    'Бұл кеңес уақыты басталып кетті немесе өтіп кетті. Болашақтағы уақытты таңдаңыз.',
  ),
  CONSULTATION_CANCEL_TOO_LATE: def(
    409,
    'A booking can be cancelled up to {hours} hours before the consultation. Write to your teacher instead.',
    'Бронь можно отменить не позже чем за {hours} ч до консультации. Напишите учителю.',
    'Броньды кеңеске {hours} сағат қалғанға дейін ғана болдырмауға болады. Мұғаліміңізге жазыңыз.',
  ),
  CONSULTATION_SLOT_BOOKED: def(
    409,
    'A pupil has booked this time, so it cannot be changed. Delete the slot to call the consultation off.',
    'Это время уже забронировал ученик, его нельзя изменить. Удалите слот, чтобы отменить консультацию.',
    'Бұл уақытты оқушы брондап қойған, оны өзгертуге болмайды. Кеңесті болдырмау үшін слотты өшіріңіз.',
  ),
  TERMS_OUTDATED: def(
    409,
    'The course terms have changed (version {version} is current). Read the new version and accept it.',
    'Условия курса изменились (действует версия {version}). Прочитайте новую версию и примите её.',
    'Курс шарттары өзгерді (қазіргі нұсқа: {version}). Жаңа нұсқаны оқып, қабылдаңыз.',
  ),
  NEWS_POST_EMPTY: def(
    400,
    'Write the news in at least one language.',
    'Напишите новость хотя бы на одном языке.',
    'Жаңалықты кемінде бір тілде жазыңыз.',
  ),
  TERMS_NOT_ACCEPTED: def(
    403,
    'Accept the course terms first: open the course\'s "Getting started" tab, read them and accept them. Then the lessons open.',
    'Сначала примите условия курса: откройте вкладку курса «Начало», прочитайте их и примите. Затем откроются уроки.',
    'Алдымен курс шарттарын қабылдаңыз: курстың «Бастау» бетін ашып, оқып, қабылдаңыз. Содан кейін сабақтар ашылады.',
  ),
} as const satisfies Record<string, ErrorDef>;
