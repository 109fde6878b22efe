import { type ErrorDef, def } from './error-def';

/** Error codes of teaching (learning; merged into ERRORS): wages, salaries, cancelled lessons, the calendar feed. */
export const TEACHING_ERRORS = {
  NOT_A_TEACHER: def(
    400,
    'This person teaches no group. Add them to a group as a teacher first.',
    'Этот человек не ведёт ни одной группы. Сначала добавьте его в группу учителем.',
    'Бұл адам ешбір топқа сабақ бермейді. Алдымен оны топқа мұғалім етіп қосыңыз.',
  ),
  WAGE_RATE_EXISTS: def(
    409,
    'A rate from {day} is already set. Choose another day, or set the rate from the next day.',
    'Ставка с {day} уже задана. Выберите другой день.',
    '{day} күнінен бастап мөлшерлеме қойылған. Басқа күнді таңдаңыз.',
  ),
  LESSON_ALREADY_HELD: def(
    409,
    'Attendance was taken at this lesson, so it was held and cannot be cancelled. Clear its marks first.',
    'На этом уроке отмечена посещаемость: он проведён, его нельзя отменить. Сначала удалите отметки.',
    'Бұл сабақта қатысу белгіленген: ол өткізілді, оны болдырмау мүмкін емес. Алдымен белгілерді өшіріңіз.',
  ),
  CALENDAR_FEED_NOT_FOUND: def(
    404,
    'This calendar link does not work any more. Open the timetable and subscribe again.',
    'Эта ссылка на календарь больше не работает. Откройте расписание и подпишитесь снова.',
    'Бұл күнтізбе сілтемесі енді жұмыс істемейді. Кестені ашып, қайта жазылыңыз.',
  ),
  DATE_RANGE_INVALID: def(
    400,
    'Choose a period whose first day is not after its last day, at most {maxDays} days long.',
    'Выберите период, в котором первый день не позже последнего, не длиннее {maxDays} дней.',
    'Бірінші күні соңғы күнінен кейін болмайтын, ұзақтығы {maxDays} күннен аспайтын кезеңді таңдаңыз.',
  ),
} as const satisfies Record<string, ErrorDef>;
