import { type ErrorDef, def } from './error-def';

/** Error codes of the learning service (merged into ERRORS). */
export const LEARNING_ERRORS = {
  CHALLENGE_GRADE_MISMATCH: def(
    403,
    'This challenge is for grade {grade}; your grade is {yourGrade}. Choose the challenge of your own grade.',
    'Этот челлендж для {grade} класса, а вы учитесь в {yourGrade} классе. Выберите челлендж своего класса.',
    'Бұл челлендж {grade}-сыныпқа арналған, ал сіз {yourGrade}-сыныптасыз. Өз сыныбыңыздың челленджін таңдаңыз.',
  ),
  CHALLENGE_NOT_OPEN: def(
    409,
    'This challenge is not open for joining. Choose an ongoing or planned challenge.',
    'К этому челленджу нельзя присоединиться. Выберите текущий или запланированный челлендж.',
    'Бұл челленджге қосылу мүмкін емес. Өтіп жатқан немесе жоспарланған челленджді таңдаңыз.',
  ),
  CHALLENGE_PAID: def(
    402,
    'This challenge is paid. Pay its invoice to take part.',
    'Этот челлендж платный. Оплатите счёт, чтобы участвовать.',
    'Бұл челлендж ақылы. Қатысу үшін шотты төлеңіз.',
  ),
  CHALLENGE_CODE_REQUIRED: def(
    403,
    'This challenge is joined by code. Enter the code your teacher gave you.',
    'В этот челлендж входят по коду. Введите код, который дал учитель.',
    'Бұл челленджге кодпен кіреді. Мұғалім берген кодты енгізіңіз.',
  ),
  CHALLENGE_NOT_INVITED: def(
    403,
    'This challenge is open only to invited pupils. Ask your teacher to add you.',
    'Этот челлендж только для приглашённых учеников. Попросите учителя добавить вас.',
    'Бұл челлендж тек шақырылған оқушыларға арналған. Мұғалімнен сізді қосуын сұраңыз.',
  ),
  NOT_A_PARTICIPANT: def(
    403,
    'You are not taking part in this. Join it first.',
    'Вы не участвуете. Сначала присоединитесь.',
    'Сіз қатыспайсыз. Алдымен қосылыңыз.',
  ),
  ALREADY_JOINED: def(
    409,
    'You have already joined.',
    'Вы уже участвуете.',
    'Сіз қосылып қойғансыз.',
  ),
  LEAVE_REFUSED: def(
    409,
    'You cannot leave after your first test has started.',
    'Нельзя выйти после начала первого теста.',
    'Бірінші тест басталғаннан кейін шығу мүмкін емес.',
  ),
  CHECKPOINT_NOT_OPEN: def(
    409,
    'This day\'s tests open at {opensAt} (Almaty time). Come back then.',
    'Тесты этого дня откроются {opensAt} (время Алматы). Возвращайтесь позже.',
    'Бұл күннің тесттері {opensAt} ашылады (Алматы уақыты). Сол кезде оралыңыз.',
  ),
  CHECKPOINT_CLOSED: def(
    409,
    'This day\'s tests closed at {closedAt} (Almaty time). Open the current day instead.',
    'Тесты этого дня закрылись {closedAt} (время Алматы). Откройте текущий день.',
    'Бұл күннің тесттері {closedAt} жабылды (Алматы уақыты). Ағымдағы күнді ашыңыз.',
  ),
  QUIZ_NOT_IN_CONTEXT: def(
    404,
    'This test is not part of that challenge or training. Open it from its own page.',
    'Этот тест не входит в этот челлендж или тренинг. Откройте его со своей страницы.',
    'Бұл тест осы челлендж не тренингке кірмейді. Оны өз бетінен ашыңыз.',
  ),
  PRECHECKS_REQUIRED: def(
    400,
    'Before the test, confirm that your device is charged, your connection is stable and you know the timer does not stop.',
    'Перед тестом подтвердите, что устройство заряжено, связь стабильна и вы знаете, что таймер не останавливается.',
    'Тест алдында құрылғының зарядталғанын, байланыстың тұрақты екенін және таймер тоқтамайтынын растаңыз.',
  ),
  ATTEMPT_ALREADY_STARTED: def(
    409,
    'This test is already running. Continue it.',
    'Этот тест уже идёт. Продолжите его.',
    'Бұл тест жүріп жатыр. Оны жалғастырыңыз.',
  ),
  ATTEMPT_NOT_STARTED: def(
    409,
    'Start the test first.',
    'Сначала начните тест.',
    'Алдымен тестті бастаңыз.',
  ),
  ATTEMPT_FINISHED: def(
    409,
    'This test is finished; answers can no longer be changed.',
    'Тест завершён; ответы больше нельзя изменить.',
    'Тест аяқталды; жауаптарды енді өзгерту мүмкін емес.',
  ),
  ATTEMPT_TIME_UP: def(
    409,
    'Time is up for this test. Your saved answers have been scored.',
    'Время теста вышло. Сохранённые ответы засчитаны.',
    'Тест уақыты бітті. Сақталған жауаптар есептелді.',
  ),
  TRIES_EXHAUSTED: def(
    409,
    'You have used all {tries} tries for this test.',
    'Вы использовали все попытки ({tries}) для этого теста.',
    'Бұл тест үшін барлық {tries} мүмкіндікті пайдаландыңыз.',
  ),
  NO_HEARTS: def(
    409,
    'You have no hearts left. They come back at {resetsAt} (Almaty time).',
    'Сердечки закончились. Они вернутся {resetsAt} (время Алматы).',
    'Жүректер таусылды. Олар {resetsAt} қайта келеді (Алматы уақыты).',
  ),
  QUESTION_NOT_IN_QUIZ: def(
    400,
    'This question is not part of the test.',
    'Этого вопроса нет в тесте.',
    'Бұл сұрақ тестте жоқ.',
  ),
  ANSWER_INVALID: def(
    400,
    'This answer does not fit the question. {hint}',
    'Ответ не подходит к вопросу. {hint}',
    'Жауап сұраққа сәйкес келмейді. {hint}',
  ),
  TREASURE_ALREADY_CLAIMED: def(
    409,
    'You have already claimed this treasure.',
    'Вы уже получили это сокровище.',
    'Сіз бұл қазынаны алып қойғансыз.',
  ),
  TREASURE_LOCKED: def(
    409,
    'This treasure opens after you finish the tests before it.',
    'Это сокровище откроется после прохождения предыдущих тестов.',
    'Бұл қазына алдыңғы тесттерден кейін ашылады.',
  ),
  PUBLISHED_CONTENT_LOCKED: def(
    409,
    'Pupils have already started this; it cannot be changed this way. Unpublish or duplicate it.',
    'Ученики уже начали это; так изменить нельзя. Снимите с публикации или сделайте копию.',
    'Оқушылар мұны бастап қойған; бұлай өзгертуге болмайды. Жариялаудан алыңыз немесе көшірмесін жасаңыз.',
  ),
  IMPORT_INVALID: def(
    400,
    'The import file has problems: {problems}. Fix them and import again.',
    'В файле импорта ошибки: {problems}. Исправьте и импортируйте снова.',
    'Импорт файлында қателер бар: {problems}. Түзетіп, қайта импорттаңыз.',
  ),
} as const satisfies Record<string, ErrorDef>;
