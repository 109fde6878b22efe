/**
 * A pupil's courses (issue 15): the groups they are in with their teachers, this week's timetable in Almaty time
 * (the group link shows while a lesson is about to start or running, a recording for 60 days), and homework with
 * their own hand-in and grade. Three tabs under /student/courses.
 */
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Route, Routes } from 'react-router';
import { currentLocale } from '@olymp/web-common';
import {
  HOMEWORK_FILE_ACCEPT, HOMEWORK_FILE_MAX_BYTES, type HomeworkView, downloadHandIn, getMyGroups, getMyHomework, getMyTimetable, homeworkFileAllowed,
  submitHomework, uploadHomeworkFile,
} from '../../api/courses';
import { errorMessage } from '../../auth/otp';
import { Alert, Badge, Button, Card, EmptyState, FileField, Skeleton, Tabs, TextField } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';
import { formatDateTime, pick } from '../../lib/format';
import { useApi } from '../../lib/useApi';
import { CalendarSubscribe } from './CalendarSubscribe';

/** The tabs of a pupil's courses; the self-paced courses' list (its own page) shows them too. */
export function CoursesTabs() {
  const { t } = useTranslation('courses');
  return (
    <Tabs
      label={t('title')}
      tabs={[
        { to: '/student/courses', label: t('tabs.groups'), end: true },
        { to: '/student/courses/timetable', label: t('tabs.timetable') },
        { to: '/student/courses/homework', label: t('tabs.homework') },
        { to: '/student/courses/flex-courses', label: t('tabs.flex'), end: true },
      ]}
    />
  );
}

export default function CoursesPage() {
  const { t } = useTranslation('courses');
  usePageTitle(t('title'));
  return (
    <>
      <h1 className="page-title">{t('title')}</h1>
      <CoursesTabs />
      <Routes>
        <Route index element={<MyGroups />} />
        <Route path="timetable" element={<Timetable />} />
        <Route path="homework" element={<Homework />} />
      </Routes>
    </>
  );
}

function Loading({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('courses');
  if (!error) return <Skeleton height={120} />;
  return (
    <Alert tone="error">
      {errorMessage(error, t('errors.load'))} <Button small variant="outline" onClick={retry}>{t('retry')}</Button>
    </Alert>
  );
}

function MyGroups() {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error, reload } = useApi(getMyGroups, 'my-groups');
  if (!data) return <Loading error={error} retry={() => void reload()} />;
  if (!data.data.length) return <EmptyState icon="📚" title={t('groups.empty')} />;
  return (
    <div className="stack">
      {data.data.map((g) => (
        <Card key={g.id} title={pick(g.course.title, locale)}>
          <p>{t('groups.group', { name: g.name })}</p>
          {g.teachers.length ? <p>{t('groups.teachers', { names: g.teachers.join(', ') })}</p> : null}
          {g.course.kind === 'live' ? <Link to={`/student/courses/online-courses/${g.course.id}/lessons`}>{t('online.open')}</Link> : null}
        </Card>
      ))}
    </div>
  );
}

function Timetable() {
  const { t } = useTranslation('courses');
  const locale = currentLocale();
  const { data, error, reload } = useApi(() => getMyTimetable(), 'my-timetable');
  if (!data) return <Loading error={error} retry={() => void reload()} />;
  return (
    <div className="stack">
      <p>{t('timetable.week', { from: data.from, to: data.to })}</p>
      {data.data.length === 0 ? <EmptyState icon="🗓" title={t('timetable.empty')} /> : null}
      {data.data.map((l) => (
        <Card key={l.id} title={pick(l.title, locale)} headingLevel={3}>
          <p data-testid="lesson-time">{formatDateTime(l.startsAt, locale)}</p>
          <p>{pick(l.course.title, locale)} · {l.groupName} · <Badge tone="info">{t(`kind.${l.kind}`)}</Badge></p>
          {l.meetingUrl ? <a className="button button--primary" href={l.meetingUrl} target="_blank" rel="noreferrer">{t('timetable.join')}</a> : null}
          {l.recordingUrl ? <a className="button button--outline" href={l.recordingUrl} target="_blank" rel="noreferrer">{t('timetable.recording')}</a> : null}
        </Card>
      ))}
      <CalendarSubscribe />
    </div>
  );
}

function Homework() {
  const { t } = useTranslation('courses');
  const { data, error, reload, setData } = useApi(getMyHomework, 'my-homework');
  if (!data) return <Loading error={error} retry={() => void reload()} />;
  if (!data.data.length) return <EmptyState icon="📝" title={t('homework.empty')} />;
  const replace = (h: HomeworkView) => setData({ data: data.data.map((x) => (x.id === h.id ? h : x)) });
  return (
    <div className="stack">
      {data.data.map((h) => <HomeworkCard key={h.id} homework={h} onChange={replace} />)}
    </div>
  );
}

/**
 * One task: the pupil's answer and, optionally, a photo or a file (a phone may take the photo with its camera). The
 * file goes first through the homework's chunked upload (progress shown), then the hand-in names it; a file already
 * handed in stays unless another is picked. Refusals (type, size, the server's) show under the form.
 */
function HomeworkCard({ homework: h, onChange }: { homework: HomeworkView; onChange: (h: HomeworkView) => void }) {
  const { t } = useTranslation('courses');
  const { t: tc } = useTranslation();
  const locale = currentLocale();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(h.mine?.text ?? '');
  const [picked, setPicked] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const graded = h.mine?.gradedAt != null;
  const choose = (file: File | null) => {
    setFileProblem(null);
    if (file && !homeworkFileAllowed(file)) setFileProblem(t('homework.fileType'));
    else if (file && file.size > HOMEWORK_FILE_MAX_BYTES) setFileProblem(t('homework.fileTooLarge', { mb: HOMEWORK_FILE_MAX_BYTES / 1024 / 1024 }));
    setPicked(file);
  };
  const send = async () => {
    if (fileProblem) return;
    setBusy(true);
    setProblem(null);
    try {
      let uploadName = h.mine?.uploadName ?? null;
      if (picked) {
        try {
          uploadName = await uploadHomeworkFile(h.id, picked, setProgress);
        } catch (err) {
          setFileProblem(errorMessage(err, t('homework.uploadFailed')));
          return;
        }
      }
      const answer = await submitHomework(h.id, text, uploadName);
      onChange({ ...h, mine: answer.data });
      setPicked(null);
      if (input.current) input.current.value = '';
    } catch (err) {
      setProblem(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };
  const download = () => {
    if (!h.mine) return;
    setProblem(null);
    downloadHandIn(h.mine).catch((err: unknown) => setProblem(errorMessage(err, t('errors.load'))));
  };
  return (
    <Card title={h.title} headingLevel={3}>
      {h.text ? <p>{h.text}</p> : null}
      <p>{t('homework.due', { at: formatDateTime(h.dueAt, locale) })}</p>
      {h.mine ? (
        <p>
          <Badge tone={h.mine.late ? 'danger' : 'success'}>{h.mine.late ? t('homework.late') : t('homework.handedIn')}</Badge>{' '}
          {graded ? <Badge tone="info">{t('homework.points', { points: h.mine.points, max: h.maxPoints })}</Badge> : null}
        </p>
      ) : null}
      {h.mine?.fileName ? (
        <p className="cluster" data-testid="handed-in-file">
          <span>{t('homework.handedInFile', { name: h.mine.fileName })}</span>
          <Button variant="outline" small onClick={download}>{t('homework.openFile')}</Button>
        </p>
      ) : null}
      {h.mine?.comment ? <p>{t('homework.comment', { comment: h.mine.comment })}</p> : null}
      {graded ? null : (
        <form className="stack" onSubmit={(e) => { e.preventDefault(); void send(); }}>
          <TextField label={t('homework.answer')} value={text} onChange={(e) => setText(e.target.value)} maxLength={20000} />
          <FileField
            ref={input}
            label={h.mine?.fileName ? t('homework.replaceFile') : t('homework.file')}
            chooseLabel={tc('upload.choose')}
            noneLabel={tc('upload.none')}
            fileName={picked?.name ?? null}
            accept={HOMEWORK_FILE_ACCEPT}
            hint={t('homework.fileHint', { mb: HOMEWORK_FILE_MAX_BYTES / 1024 / 1024 })}
            error={fileProblem ?? undefined}
            disabled={busy}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          {progress !== null ? (
            <p className="stack" data-testid="upload-progress">
              <span>{t('homework.uploading', { percent: progress })}</span>
              <progress max={100} value={progress} aria-label={t('homework.uploading', { percent: progress })} />
            </p>
          ) : null}
          {problem ? <Alert tone="error">{problem}</Alert> : null}
          <Button type="submit" busy={busy} disabled={(!text.trim() && !picked && !h.mine?.uploadName) || !!fileProblem}>{h.mine ? t('homework.resend') : t('homework.send')}</Button>
        </form>
      )}
    </Card>
  );
}
