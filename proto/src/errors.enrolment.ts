import { type ErrorDef, def } from './error-def';

/** Error codes of the course store and enrolment (learning; merged into LEARNING_ERRORS). */
export const ENROLMENT_ERRORS = {
  ALREADY_ENROLLED: def(
    409,
    'You already study in this course until {until}. A renewal invoice opens {days} days before that.',
    'Вы уже учитесь на этом курсе до {until}. Счёт на продление откроется за {days} дн. до этой даты.',
    'Сіз бұл курста {until} дейін оқисыз. Ұзарту шоты одан {days} күн бұрын ашылады.',
  ),
  TARIFF_NOT_OFFERED: def(
    404,
    'This tariff is not sold for this course. Choose one of the course\'s tariffs.',
    'Этот тариф не продаётся для этого курса. Выберите один из тарифов курса.',
    'Бұл тариф осы курсқа сатылмайды. Курстың тарифтерінің бірін таңдаңыз.',
  ),
  NOT_ENROLLED: def(
    404,
    'You have no subscription to this course yet. Choose a tariff in the store first.',
    'У вас ещё нет подписки на этот курс. Сначала выберите тариф в магазине.',
    'Сізде бұл курсқа әлі жазылым жоқ. Алдымен дүкеннен тариф таңдаңыз.',
  ),
  FREE_TRIAL_USED: def(
    409,
    'You have already had your free trial lesson in this course. Choose a tariff to go on.',
    'Вы уже получили бесплатный пробный урок этого курса. Чтобы продолжить, выберите тариф.',
    'Сіз бұл курстың тегін сынақ сабағын алдыңыз. Жалғастыру үшін тариф таңдаңыз.',
  ),
  FREE_TRIAL_NOT_OFFERED: def(
    409,
    'There is no upcoming live lesson to try in this course now. Try again when the timetable has one.',
    'Сейчас в этом курсе нет ближайшего живого урока для пробы. Попробуйте, когда он появится в расписании.',
    'Қазір бұл курста сынап көретін жақын тікелей сабақ жоқ. Кестеде пайда болғанда қайталап көріңіз.',
  ),
  TARIFF_PRICE_NEEDED: def(
    400,
    'A tariff needs a price in tenge or in ZP (at least one above 0).',
    'У тарифа должна быть цена в тенге или в ZP (хотя бы одна больше 0).',
    'Тарифтің теңгемен немесе ZP-мен бағасы болуы керек (ең болмаса біреуі 0-ден артық).',
  ),
} as const satisfies Record<string, ErrorDef>;
