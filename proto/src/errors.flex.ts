import { type ErrorDef, def } from './error-def';

/** Error codes of flex (self-paced) courses (learning's flex/; merged into LEARNING_ERRORS). */
export const FLEX_ERRORS = {
  FLEX_NOT_ENROLLED: def(
    403,
    'The lessons of this course are for its pupils. Buy the course in the store to open them.',
    'Уроки этого курса доступны его ученикам. Купите курс в магазине, чтобы открыть их.',
    'Бұл курстың сабақтары оның оқушыларына арналған. Ашу үшін курсты дүкеннен сатып алыңыз.',
  ),
  FLEX_TEST_UNFINISHED: def(
    409,
    'Finish the lesson\'s test first, then mark the lesson as done.',
    'Сначала завершите тест урока, затем отметьте урок как пройденный.',
    'Алдымен сабақтың тестін аяқтаңыз, содан кейін сабақты өтілді деп белгілеңіз.',
  ),
  FLEX_COURSE_ONLY: def(
    400,
    'Chapters belong to flex (self-paced) courses. Choose a course of the flex kind.',
    'Главы бывают только у флекс-курсов (в своём темпе). Выберите курс вида «флекс».',
    'Тараулар тек флекс курстарда (өз қарқынымен) болады. «Флекс» түріндегі курсты таңдаңыз.',
  ),
} as const satisfies Record<string, ErrorDef>;
