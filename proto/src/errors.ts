import type { Locale } from './locale';
import { interpolate } from './locale';

/**
 * Domain error codes. The code is the stable API (clients may switch on it); the message is for people and is
 * localized by `X-Locale`. Messages say what to do next. Where spec section 8 gives an English wording, it is kept
 * word for word. `{name}` placeholders are filled from the error's params.
 */
import { type ErrorDef, def } from './error-def';
import { LEARNING_ERRORS } from './errors.learning';
import { LIBRARY_ERRORS } from './errors.library';
import { MEDIA_ERRORS } from './errors.media';
import { TEACHING_ERRORS } from './errors.teaching';
import { COURSE_PAGES_ERRORS } from './errors.course-pages';
import { FINANCE_ERRORS } from './errors.finance';
import { SHOP_ERRORS } from './errors.shop';
import { NOTIFICATIONS_ERRORS } from './errors.notifications';
import { SETTINGS_ERRORS } from './settings';

const BASE_ERRORS = {
  // Generic, used by the server kit.
  UNAUTHENTICATED: def(401, 'Unauthenticated.', 'Требуется вход в систему.', 'Жүйеге кіру қажет.'),
  FORBIDDEN: def(
    403,
    'You do not have permission for this action. Ask an administrator to grant it.',
    'У вас нет прав на это действие. Попросите администратора выдать доступ.',
    'Бұл әрекетке рұқсатыңыз жоқ. Әкімшіден рұқсат сұраңыз.',
  ),
  NOT_FOUND: def(
    404,
    'Not found. Check the link or the id.',
    'Не найдено. Проверьте ссылку или идентификатор.',
    'Табылмады. Сілтемені немесе идентификаторды тексеріңіз.',
  ),
  ROUTE_NOT_FOUND: def(
    404,
    'There is no such address: {method} {path}.',
    'Такого адреса нет: {method} {path}.',
    'Мұндай мекенжай жоқ: {method} {path}.',
  ),
  VALIDATION_FAILED: def(
    400,
    'Some fields are filled in incorrectly: {details}. Correct them and try again.',
    'Некоторые поля заполнены неверно: {details}. Исправьте их и попробуйте снова.',
    'Кейбір өрістер қате толтырылған: {details}. Түзетіп, қайта жіберіңіз.',
  ),
  UNKNOWN_FIELD: def(
    400,
    'Unknown field "{field}": remove it from the request.',
    'Неизвестное поле «{field}»: уберите его из запроса.',
    'Белгісіз өріс «{field}»: оны сұраныстан алып тастаңыз.',
  ),
  INVALID_ID: def(
    400,
    '"{value}" is not a valid id: a UUID is expected.',
    '«{value}» — неверный идентификатор: ожидается UUID.',
    '«{value}» — жарамсыз идентификатор: UUID күтіледі.',
  ),
  MALFORMED_BODY: def(
    400,
    'The request body could not be read: send valid JSON.',
    'Не удалось прочитать тело запроса: отправьте корректный JSON.',
    'Сұраныс денесін оқу мүмкін болмады: дұрыс JSON жіберіңіз.',
  ),
  UNSUPPORTED_MEDIA_TYPE: def(
    415,
    'This content type is not accepted here: send JSON (Content-Type: application/json), or a form for file uploads.',
    'Этот тип содержимого здесь не принимается: отправьте JSON (Content-Type: application/json) или форму для загрузки файлов.',
    'Мұнда бұл мазмұн түрі қабылданбайды: JSON (Content-Type: application/json) немесе файл жүктеу үшін форма жіберіңіз.',
  ),
  INVALID_TEXT: def(
    400,
    'The field "{field}" contains characters that cannot be stored (a NUL character or a broken Unicode character): remove them and try again.',
    'Поле «{field}» содержит символы, которые нельзя сохранить (символ NUL или повреждённый символ Юникода): уберите их и попробуйте снова.',
    '«{field}» өрісінде сақтауға болмайтын таңбалар бар (NUL таңбасы немесе бүлінген Юникод таңбасы): оларды алып тастап, қайта жіберіңіз.',
  ),
  PAYLOAD_TOO_LARGE: def(
    413,
    'The request is too large. Send a smaller file or split it into chunks.',
    'Запрос слишком большой. Отправьте файл поменьше или разбейте его на части.',
    'Сұраныс тым үлкен. Кішірек файл жіберіңіз немесе оны бөліктерге бөліңіз.',
  ),
  REQUEST_TOO_LARGE: def(
    413,
    'The request is too large: at most {limitMb} MB can be sent here. Send less data; send large files in chunks.',
    'Запрос слишком большой: сюда можно отправить не более {limitMb} МБ. Отправьте меньше данных; большие файлы отправляйте частями.',
    'Сұраныс тым үлкен: мұнда ең көбі {limitMb} МБ жіберуге болады. Азырақ дерек жіберіңіз; үлкен файлдарды бөліктермен жіберіңіз.',
  ),
  HIGH_TRAFFIC: def(
    429,
    'Too many users right now. Please come back in a few minutes.',
    'Сейчас слишком много пользователей. Пожалуйста, зайдите через несколько минут.',
    'Қазір пайдаланушылар тым көп. Бірнеше минуттан кейін қайта кіріңіз.',
  ),
  OVERLOADED: def(
    503,
    'Too many users right now. Please come back in a few minutes.',
    'Сейчас слишком много пользователей. Пожалуйста, зайдите через несколько минут.',
    'Қазір пайдаланушылар тым көп. Бірнеше минуттан кейін қайта кіріңіз.',
  ),
  SERVICE_UNAVAILABLE: def(
    503,
    'This part of the platform is temporarily unavailable. Try again in a minute.',
    'Эта часть платформы временно недоступна. Попробуйте через минуту.',
    'Платформаның бұл бөлігі уақытша қолжетімсіз. Бір минуттан кейін қайталап көріңіз.',
  ),
  UPSTREAM_TIMEOUT: def(
    504,
    'The platform took too long to answer. Try again in a minute.',
    'Платформа слишком долго не отвечает. Попробуйте через минуту.',
    'Платформа тым ұзақ жауап бермеді. Бір минуттан кейін қайталап көріңіз.',
  ),
  INTERNAL: def(
    500,
    'Something went wrong on our side. Try again; if it repeats, tell support the request id {requestId}.',
    'Что-то пошло не так на нашей стороне. Попробуйте снова; если повторится, сообщите в поддержку номер запроса {requestId}.',
    'Біз жақта қате орын алды. Қайталап көріңіз; қайталанса, қолдау қызметіне сұраныс нөмірін айтыңыз: {requestId}.',
  ),
  // Sign-in and registration (auth).
  INVALID_PHONE: def(
    400,
    'Enter a Kazakhstan phone number, for example +7 700 000 00 00.',
    'Введите казахстанский номер телефона, например +7 700 000 00 00.',
    'Қазақстандық телефон нөмірін енгізіңіз, мысалы +7 700 000 00 00.',
  ),
  OTP_INVALID: def(
    400,
    'The code is wrong. Check the SMS and try again ({attemptsLeft} attempts left).',
    'Неверный код. Проверьте SMS и попробуйте снова (осталось попыток: {attemptsLeft}).',
    'Код қате. SMS-ті тексеріп, қайта енгізіңіз (қалған әрекет: {attemptsLeft}).',
  ),
  OTP_EXPIRED: def(
    400,
    'This code is no longer valid. Request a new code.',
    'Этот код больше не действует. Запросите новый код.',
    'Бұл код енді жарамсыз. Жаңа код сұраңыз.',
  ),
  OTP_ATTEMPTS_EXCEEDED: def(
    429,
    'Too many wrong codes. Request a new code.',
    'Слишком много неверных кодов. Запросите новый код.',
    'Қате код тым көп енгізілді. Жаңа код сұраңыз.',
  ),
  OTP_RESEND_TOO_SOON: def(
    429,
    'A new code can be requested in {seconds} s.',
    'Новый код можно запросить через {seconds} с.',
    'Жаңа кодты {seconds} секундтан кейін сұрауға болады.',
  ),
  OTP_TOO_MANY_REQUESTS: def(
    429,
    'Too many codes were requested. Try again in an hour or contact support.',
    'Запрошено слишком много кодов. Попробуйте через час или обратитесь в поддержку.',
    'Тым көп код сұралды. Бір сағаттан кейін қайталаңыз немесе қолдау қызметіне жазыңыз.',
  ),
  GRADE_LOCKED: def(
    409,
    'The grade cannot be changed after registration. If it is wrong, contact support.',
    'Класс нельзя изменить после регистрации. Если он указан неверно, обратитесь в поддержку.',
    'Тіркелгеннен кейін сыныпты өзгертуге болмайды. Қате болса, қолдау қызметіне жазыңыз.',
  ),
  ADDRESS_MISMATCH: def(
    400,
    'The region, district and school do not match: choose the district from the chosen region and the school from the chosen district.',
    'Регион, район и школа не совпадают: выберите район из выбранного региона и школу из выбранного района.',
    'Өңір, аудан және мектеп сәйкес емес: ауданды таңдалған өңірден, мектепті таңдалған ауданнан таңдаңыз.',
  ),
  // Spec section 8.
  OTP_REQUIRED: def(400, 'Please provide otp.', 'Пожалуйста, введите код.', 'Кодты енгізіңіз.'),
  PHONE_OR_EMAIL_REQUIRED: def(
    400,
    'Enter a phone number or an e-mail address.',
    'Укажите номер телефона или адрес e-mail.',
    'Телефон нөмірін немесе e-mail мекенжайын енгізіңіз.',
  ),
  PHONE_TAKEN: def(
    409,
    'The user is already registered with this phone number.',
    'Пользователь с этим номером телефона уже зарегистрирован.',
    'Бұл телефон нөмірімен пайдаланушы тіркелген.',
  ),
  ACCOUNT_NOT_FOUND: def(
    404,
    'No account found, register to continue.',
    'Аккаунт не найден, зарегистрируйтесь, чтобы продолжить.',
    'Аккаунт табылмады, жалғастыру үшін тіркеліңіз.',
  ),
  REGISTRATION_CLOSED: def(
    409,
    'Registration for the olympiad is closed.',
    'Регистрация на олимпиаду закрыта.',
    'Олимпиадаға тіркеу жабық.',
  ),
  NO_TEST_RESULTS: def(404, 'No test results.', 'Результатов теста нет.', 'Тест нәтижелері жоқ.'),
  USER_NOT_LOADED: def(401, 'User is not loaded', 'Пользователь не загружен', 'Пайдаланушы жүктелмеген'),
  INVALID_ICON_NAME: def(400, 'Invalid icon name', 'Неверное имя иконки', 'Белгіше атауы қате'),
  // Standard CRUD resources (server kit crud/): ids, the list query language, and database constraints.
  INVALID_NUMERIC_ID: def(
    400,
    '"{value}" is not a valid id: a positive whole number is expected.',
    '«{value}» — неверный идентификатор: ожидается целое положительное число.',
    '«{value}» — жарамсыз идентификатор: оң бүтін сан күтіледі.',
  ),
  QUERY_PARAM_UNKNOWN: def(
    400,
    'Unknown query parameter "{param}". Allowed parameters: {allowed}.',
    'Неизвестный параметр запроса «{param}». Допустимые параметры: {allowed}.',
    'Белгісіз сұраныс параметрі «{param}». Рұқсат етілген параметрлер: {allowed}.',
  ),
  QUERY_PARAM_INVALID: def(
    400,
    'The query parameter "{param}" has a wrong format ({value}). The format is described at /api/docs-json.',
    'Параметр запроса «{param}» имеет неверный формат ({value}). Формат описан в /api/docs-json.',
    '«{param}» сұраныс параметрінің пішімі қате ({value}). Пішімі /api/docs-json құжатында сипатталған.',
  ),
  QUERY_FIELD_UNKNOWN: def(
    400,
    'Unknown field "{field}" in "{param}". Allowed fields: {allowed}.',
    'Неизвестное поле «{field}» в «{param}». Допустимые поля: {allowed}.',
    '«{param}» ішінде белгісіз өріс «{field}». Рұқсат етілген өрістер: {allowed}.',
  ),
  QUERY_OPERATOR_UNKNOWN: def(
    400,
    'Unknown operator "{operator}" for the field "{field}". Allowed operators: {allowed}.',
    'Неизвестный оператор «{operator}» для поля «{field}». Допустимые операторы: {allowed}.',
    '«{field}» өрісі үшін белгісіз оператор «{operator}». Рұқсат етілген операторлар: {allowed}.',
  ),
  QUERY_VALUE_INVALID: def(
    400,
    'The value {value} does not fit the field "{field}" with the operator "{operator}".',
    'Значение {value} не подходит для поля «{field}» с оператором «{operator}».',
    '{value} мәні «{operator}» операторымен «{field}» өрісіне сәйкес келмейді.',
  ),
  RECORD_EXISTS: def(
    409,
    'A record with the same {fields} already exists. Change the value or edit the existing record.',
    'Запись с таким же значением {fields} уже существует. Измените значение или отредактируйте существующую запись.',
    '{fields} мәні бірдей жазба бұрыннан бар. Мәнді өзгертіңіз немесе бар жазбаны түзетіңіз.',
  ),
  RELATED_NOT_FOUND: def(
    400,
    'The field "{field}" refers to a record that does not exist ({value}). Choose an existing one.',
    'Поле «{field}» ссылается на несуществующую запись ({value}). Выберите существующую.',
    '«{field}» өрісі жоқ жазбаға сілтейді ({value}). Бар жазбаны таңдаңыз.',
  ),
  RECORD_IN_USE: def(
    409,
    'This record cannot be deleted: other records refer to it ({table}). Delete or reassign them first.',
    'Эту запись нельзя удалить: на неё ссылаются другие записи ({table}). Сначала удалите или перенесите их.',
    'Бұл жазбаны жою мүмкін емес: оған басқа жазбалар сілтейді ({table}). Алдымен оларды жойыңыз немесе басқаға ауыстырыңыз.',
  ),
  // Uploads (server kit uploads/): images, chunked files, and the multipart form they arrive in.
  UPLOAD_FORM_INVALID: def(
    400,
    'Send the request as multipart/form-data with one file in the field "{field}".',
    'Отправьте запрос как multipart/form-data с одним файлом в поле «{field}».',
    'Сұранысты multipart/form-data ретінде, «{field}» өрісінде бір файлмен жіберіңіз.',
  ),
  UPLOAD_EMPTY: def(400, 'The file is empty. Choose a file with content.', 'Файл пустой. Выберите файл с содержимым.', 'Файл бос. Мазмұны бар файлды таңдаңыз.'),
  UPLOAD_TYPE_NOT_ALLOWED: def(
    400,
    'This type of file cannot be uploaded. Allowed types: {allowed}. Choose a file of one of these types.',
    'Файл такого типа загрузить нельзя. Допустимые типы: {allowed}. Выберите файл одного из этих типов.',
    'Мұндай түрдегі файлды жүктеуге болмайды. Рұқсат етілген түрлер: {allowed}. Осы түрлердің бірінің файлын таңдаңыз.',
  ),
  UPLOAD_TOO_LARGE: def(
    413,
    'The file is too large: the limit is {limitMb} MB. Choose a smaller file.',
    'Файл слишком большой: предел — {limitMb} МБ. Выберите файл поменьше.',
    'Файл тым үлкен: шегі — {limitMb} МБ. Кішірек файл таңдаңыз.',
  ),
  UPLOAD_CHUNK_TOO_LARGE: def(
    413,
    'The chunk is too large: a chunk may be at most {limitMb} MB. Send the file in smaller chunks.',
    'Часть файла слишком большая: не более {limitMb} МБ. Отправляйте файл частями поменьше.',
    'Файл бөлігі тым үлкен: ең көбі {limitMb} МБ. Файлды кішірек бөліктермен жіберіңіз.',
  ),
  UPLOAD_CHUNK_TOO_SMALL: def(
    400,
    'The chunk is too small: every chunk except the last must be at least {minMb} MB. Send bigger chunks.',
    'Часть файла слишком маленькая: каждая часть, кроме последней, должна быть не меньше {minMb} МБ. Отправляйте части побольше.',
    'Файл бөлігі тым кішкентай: соңғысынан басқа әр бөлік кемінде {minMb} МБ болуы керек. Үлкенірек бөліктер жіберіңіз.',
  ),
  UPLOAD_SIZE_EXCEEDED: def(
    413,
    'This chunk goes past the declared file size of {size} bytes. Send only the remaining {remaining} bytes.',
    'Эта часть выходит за объявленный размер файла ({size} байт). Отправьте только оставшиеся {remaining} байт.',
    'Бұл бөлік файлдың мәлімделген өлшемінен ({size} байт) асып кетеді. Қалған {remaining} байтты ғана жіберіңіз.',
  ),
  UPLOAD_OFFSET_MISMATCH: def(
    409,
    'This chunk starts at byte {offset}, but the upload continues from byte {expected}. Send the chunk that starts at byte {expected}.',
    'Эта часть начинается с байта {offset}, а загрузка продолжается с байта {expected}. Отправьте часть, которая начинается с байта {expected}.',
    'Бұл бөлік {offset} байттан басталады, ал жүктеу {expected} байттан жалғасады. {expected} байттан басталатын бөлікті жіберіңіз.',
  ),
  UPLOAD_ALREADY_COMPLETE: def(
    409,
    'This upload is already complete. Start a new upload to send another file.',
    'Эта загрузка уже завершена. Чтобы отправить другой файл, начните новую загрузку.',
    'Бұл жүктеу аяқталған. Басқа файл жіберу үшін жаңа жүктеуді бастаңыз.',
  ),
  UPLOAD_DATA_LOST: def(
    410,
    'The data received so far for this upload is no longer available. Start the upload again.',
    'Полученные ранее данные этой загрузки больше недоступны. Начните загрузку заново.',
    'Бұл жүктеудің бұрын алынған деректері енді қолжетімсіз. Жүктеуді қайта бастаңыз.',
  ),
  IMAGE_UNREADABLE: def(
    400,
    'The image could not be read: it is damaged, not really a picture, or larger than {maxMegapixels} megapixels. Choose another JPEG, PNG, WebP or GIF picture.',
    'Не удалось прочитать изображение: оно повреждено, на самом деле не картинка или больше {maxMegapixels} мегапикселей. Выберите другое изображение JPEG, PNG, WebP или GIF.',
    'Суретті оқу мүмкін болмады: ол бүлінген, шын мәнінде сурет емес немесе {maxMegapixels} мегапиксельден үлкен. Басқа JPEG, PNG, WebP немесе GIF суретін таңдаңыз.',
  ),
  UPLOAD_INVALID_NAME: def(
    400,
    '"{value}" is not a file name given by this server. Use the filename from the upload answer.',
    '«{value}» — не имя файла, выданное сервером. Используйте filename из ответа на загрузку.',
    '«{value}» — сервер берген файл атауы емес. Жүктеу жауабындағы filename мәнін қолданыңыз.',
  ),
  // Sessions (auth).
  REFRESH_TOKEN_REUSED: def(
    401,
    'This sign-in had already been renewed with this token, so it may have been copied: for safety the session has ended on every device. Sign in again.',
    'Этот вход уже был продлён этим токеном, возможно, его скопировали: в целях безопасности сеанс завершён на всех устройствах. Войдите снова.',
    'Бұл кіру осы токенмен бұрын ұзартылған, оны біреу көшірген болуы мүмкін: қауіпсіздік үшін сеанс барлық құрылғыда аяқталды. Қайта кіріңіз.',
  ),
  // Roles and permissions (auth, admin settings).
  ROLE_BUILT_IN: def(
    409,
    'The role "{role}" is built into the platform: it cannot be deleted and its system name cannot be changed. Its titles can be edited.',
    'Роль «{role}» встроена в платформу: её нельзя удалить и нельзя изменить её системное имя. Названия можно редактировать.',
    '«{role}» рөлі платформаға кіріктірілген: оны жоюға және жүйелік атауын өзгертуге болмайды. Көрсетілетін атауларын өңдеуге болады.',
  ),
  ROLE_PERMISSIONS_FIXED: def(
    409,
    'The administrator role holds every permission; its permissions cannot be changed.',
    'Роль администратора имеет все права; её права изменить нельзя.',
    'Әкімші рөлінде барлық рұқсат бар; оның рұқсаттарын өзгертуге болмайды.',
  ),
  PERMISSION_BUILT_IN: def(
    409,
    'The permission "{permission}" is used by the platform itself: it cannot be renamed or deleted.',
    'Право «{permission}» используется самой платформой: его нельзя переименовать или удалить.',
    '«{permission}» рұқсатын платформаның өзі қолданады: оның атауын өзгертуге немесе оны жоюға болмайды.',
  ),
  PERMISSION_UNKNOWN: def(
    400,
    'Unknown permissions: {keys}. Choose from the list of permissions or create them first.',
    'Неизвестные права: {keys}. Выберите их из списка прав или сначала создайте.',
    'Белгісіз рұқсаттар: {keys}. Рұқсаттар тізімінен таңдаңыз немесе алдымен оларды жасаңыз.',
  ),
  PERMISSION_NOT_HELD: def(
    403,
    'You can only grant permissions you hold yourself; you do not hold: {keys}. Ask an administrator to do it.',
    'Выдавать можно только те права, которые есть у вас самих; у вас нет: {keys}. Попросите администратора.',
    'Тек өзіңізде бар рұқсаттарды ғана беруге болады; сізде жоқ: {keys}. Әкімшіден сұраңыз.',
  ),
  // People (auth people/): parents by relative, avatars.
  PARENT_EXISTS: def(
    409,
    'This relative ({relative}) is already in the list. Edit the existing entry instead of adding a new one.',
    'Этот родственник ({relative}) уже есть в списке. Измените существующую запись вместо добавления новой.',
    'Бұл туысқан ({relative}) тізімде бар. Жаңасын қосудың орнына бар жазбаны өзгертіңіз.',
  ),
  AVATAR_UNREADABLE: def(
    400,
    'The image could not be read: it is damaged or too large in pixels. Choose another JPEG, PNG or WebP picture.',
    'Не удалось прочитать изображение: оно повреждено или слишком большое в пикселях. Выберите другое изображение JPEG, PNG или WebP.',
    'Суретті оқу мүмкін болмады: ол бүлінген немесе пиксель өлшемі тым үлкен. Басқа JPEG, PNG немесе WebP суретін таңдаңыз.',
  ),
  SELF_DELETE_REFUSED: def(
    409,
    'You cannot delete your own account. Ask another administrator to do it.',
    'Нельзя удалить собственную учётную запись. Попросите другого администратора.',
    'Өз тіркелгіңізді жою мүмкін емес. Басқа әкімшіден сұраңыз.',
  ),
  LAST_ADMIN: def(
    409,
    'This is the last administrator; the platform must keep at least one.',
    'Это последний администратор; на платформе должен остаться хотя бы один.',
    'Бұл соңғы әкімші; платформада кемінде біреуі қалуы керек.',
  ),
  SELF_ROLE_CHANGE_REFUSED: def(
    409,
    'You cannot change your own role. Ask another administrator to do it.',
    'Нельзя изменить собственную роль. Попросите другого администратора.',
    'Өз рөліңізді өзгерту мүмкін емес. Басқа әкімшіден сұраңыз.',
  ),
} as const satisfies Record<string, ErrorDef>;

/** One catalogue; each domain keeps its codes in its own file (`errors.<domain>.ts`) so teams do not collide. */
export const ERRORS = { ...BASE_ERRORS, ...LEARNING_ERRORS, ...LIBRARY_ERRORS, ...MEDIA_ERRORS, ...TEACHING_ERRORS, ...COURSE_PAGES_ERRORS, ...FINANCE_ERRORS, ...SHOP_ERRORS, ...NOTIFICATIONS_ERRORS, ...SETTINGS_ERRORS } as const;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

export function errorStatus(code: ErrorCode): number {
  return ERRORS[code].status;
}

export function errorMessage(code: ErrorCode, locale: Locale, params?: Record<string, unknown>): string {
  return interpolate(ERRORS[code].message[locale], params);
}

/** The JSON body of every error answer, over HTTP and in RPC error replies. */
export interface ErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
  /** Field-level problems for validation errors: path -> localized message. */
  errors?: Record<string, string>;
  /** The values the message was made from (e.g. `seconds` until a resend is allowed). */
  details?: Record<string, unknown>;
  requestId?: string;
}
