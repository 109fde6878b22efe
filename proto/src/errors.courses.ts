import { type ErrorDef, def } from './error-def';

/** Error codes of courses (learning; merged into LEARNING_ERRORS). */
export const COURSE_ERRORS = {
  GROUP_FULL: def(
    409,
    'This group is full. Raise its capacity or add the pupil to another group.',
    'Группа заполнена. Увеличьте вместимость или добавьте ученика в другую группу.',
    'Топ толды. Сыйымдылығын көбейтіңіз немесе оқушыны басқа топқа қосыңыз.',
  ),
  ALREADY_IN_GROUP: def(
    409,
    'This person is already in the group.',
    'Этот человек уже в группе.',
    'Бұл адам топта бар.',
  ),
  NOT_A_PUPIL: def(
    400,
    'Only a pupil can be added as a pupil. Choose a pupil\'s account.',
    'Учеником можно добавить только ученика. Выберите аккаунт ученика.',
    'Оқушы ретінде тек оқушыны қосуға болады. Оқушының аккаунтын таңдаңыз.',
  ),
  NOT_STAFF: def(
    400,
    'Only a staff member can teach a group. Choose a staff account.',
    'Вести группу может только сотрудник. Выберите аккаунт сотрудника.',
    'Топқа тек қызметкер сабақ бере алады. Қызметкердің аккаунтын таңдаңыз.',
  ),
  NOT_GROUP_MEMBER: def(
    403,
    'This is for the group\'s pupils and teachers only. Ask the school to add you to the group.',
    'Это только для учеников и учителей группы. Попросите школу добавить вас в группу.',
    'Бұл тек топтың оқушылары мен мұғалімдеріне арналған. Мектептен сізді топқа қосуды сұраңыз.',
  ),
  NOT_GROUP_TEACHER: def(
    403,
    'Only the group\'s teachers can do this. Ask a manager to add you as the group\'s teacher.',
    'Это могут делать только учителя группы. Попросите менеджера назначить вас учителем группы.',
    'Мұны тек топтың мұғалімдері жасай алады. Менеджерден сізді топ мұғалімі етуін сұраңыз.',
  ),
  PUPIL_NOT_IN_GROUP: def(
    400,
    'Pupil {userId} is not in this lesson\'s group. Mark only the group\'s pupils.',
    'Ученик {userId} не в группе этого урока. Отмечайте только учеников группы.',
    '{userId} оқушысы бұл сабақтың тобында емес. Тек топ оқушыларын белгілеңіз.',
  ),
  SUBMISSION_GRADED: def(
    409,
    'This homework is already graded and cannot be changed. Ask your teacher if something is wrong.',
    'Это задание уже оценено, его нельзя изменить. Если что-то не так, спросите учителя.',
    'Бұл тапсырма бағаланып қойған, оны өзгерту мүмкін емес. Бірдеңе дұрыс болмаса, мұғалімнен сұраңыз.',
  ),
  HOMEWORK_EMPTY: def(
    400,
    'The hand-in is empty. Write your answer or attach a photo or a file, then send it.',
    'Ответ пустой. Напишите ответ или прикрепите фото или файл и отправьте ещё раз.',
    'Жауап бос. Жауабыңызды жазыңыз немесе сурет не файл тіркеп, қайта жіберіңіз.',
  ),
  HOMEWORK_UPLOAD_NOT_YOURS: def(
    400,
    'This file is not one you uploaded, or its upload is not finished. Choose the file again and hand in once it is uploaded.',
    'Этот файл загружен не вами или его загрузка не завершена. Выберите файл ещё раз и сдайте задание, когда он загрузится.',
    'Бұл файлды сіз жүктемегенсіз немесе оның жүктелуі аяқталмаған. Файлды қайта таңдап, жүктелген соң тапсырыңыз.',
  ),
  HOMEWORK_FILE_TOO_LARGE: def(
    413,
    'This file is too large to hand in: at most {limitMb} MB. Make it smaller (a photo of lower quality, a PDF instead of pictures) or send several smaller files one by one.',
    'Этот файл слишком большой для сдачи: не больше {limitMb} МБ. Уменьшите его (фото поменьше, PDF вместо картинок) или сдайте по частям.',
    'Бұл файл тапсыру үшін тым үлкен: ең көбі {limitMb} МБ. Оны кішірейтіңіз (сапасы төмендеу сурет, суреттердің орнына PDF) немесе бөліп тапсырыңыз.',
  ),
  POINTS_TOO_HIGH: def(
    400,
    'At most {max} points can be given for this homework.',
    'За это задание можно поставить не больше {max} баллов.',
    'Бұл тапсырмаға ең көбі {max} ұпай қоюға болады.',
  ),
} as const satisfies Record<string, ErrorDef>;
