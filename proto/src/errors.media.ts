import { def } from './error-def';

/** Error codes of learning's media: materials, videos, recordings, social media (merged into ERRORS). */
export const MEDIA_ERRORS = {
  MATERIAL_UPLOAD_NOT_READY: def(
    400,
    'This upload is not finished or is not yours. Finish the upload, then attach it.',
    'Эта загрузка не завершена или не ваша. Завершите загрузку, затем прикрепите её.',
    'Бұл жүктеу аяқталмаған немесе сіздікі емес. Жүктеуді аяқтап, содан кейін тіркеңіз.',
  ),
  MATERIAL_NOT_A_VIDEO: def(
    400,
    'This file is not a video. Upload an MP4 or WebM video, or attach it as a file.',
    'Этот файл не видео. Загрузите видео MP4 или WebM или прикрепите его как файл.',
    'Бұл файл бейне емес. MP4 не WebM бейнесін жүктеңіз немесе оны файл ретінде тіркеңіз.',
  ),
  MATERIAL_KIND_FIELDS: def(
    400,
    'A link needs linkUrl and no uploadId; a file or a video needs uploadId and no linkUrl.',
    'Ссылке нужен linkUrl без uploadId; файлу или видео нужен uploadId без linkUrl.',
    'Сілтемеге uploadId-сіз linkUrl керек; файлға не бейнеге linkUrl-сіз uploadId керек.',
  ),
  MATERIAL_IS_LINK: def(
    400,
    'This material is a link and has no file. Open its address instead.',
    'Этот материал ссылка, у него нет файла. Откройте его адрес.',
    'Бұл материал сілтеме, оның файлы жоқ. Оның мекенжайын ашыңыз.',
  ),
  MATERIAL_REORDER_MISMATCH: def(
    400,
    'The order must list every material of this owner exactly once. Reload the list and try again.',
    'Порядок должен перечислять каждый материал владельца ровно один раз. Обновите список и повторите.',
    'Ретте иесінің әр материалы бір рет қана аталуы керек. Тізімді жаңартып, қайталаңыз.',
  ),
  MATERIAL_OWNER_NOT_FOUND: def(
    404,
    'There is no such lesson, subchapter, chapter or event. Choose one from the list.',
    'Такого урока, подраздела, главы или события нет. Выберите из списка.',
    'Мұндай сабақ, бөлімше, тарау немесе іс-шара жоқ. Тізімнен таңдаңыз.',
  ),
  RECORDING_EXPIRED: def(
    403,
    'This recording was available for {days} days after the lesson and is closed now.',
    'Эта запись была доступна {days} дней после урока и теперь закрыта.',
    'Бұл жазба сабақтан кейін {days} күн қолжетімді болды, енді жабық.',
  ),
  RECORDING_NOT_STARTED: def(
    403,
    'The recording opens when the lesson has started. Come back after the lesson.',
    'Запись откроется, когда урок начнётся. Вернитесь после урока.',
    'Жазба сабақ басталғанда ашылады. Сабақтан кейін оралыңыз.',
  ),
  RANGE_NOT_SATISFIABLE: def(
    416,
    'The requested part of the video is outside the file ({size} bytes). Ask for bytes within it.',
    'Запрошенная часть видео за пределами файла ({size} байт). Запросите байты внутри него.',
    'Сұралған бейне бөлігі файлдан тыс ({size} байт). Файл ішіндегі байттарды сұраңыз.',
  ),
} as const;
