/**
 * The materials staff attached to a lesson, a training subchapter, a library chapter or an event, as a pupil reads
 * them (learning's media/: `materials/media` and `materials/links`, in staff's order): a file with its name, type and
 * size and a download that fetches `materials/{id}/file` with the pupil's token (private uploads are served only
 * through the owner's checks, so a plain link would be refused); a link opening in a new tab; a video in the player.
 * Nothing shows when the owner has none.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale, type Locale } from '@olymp/web-common';
import { downloadMaterial, getMaterials, type MaterialOwnerKind, type MaterialView } from '../../../api/media';
import { errorMessage } from '../../../auth/otp';
import { Alert, Button, Skeleton } from '../../../design';
import { formatNumber, pick } from '../../../lib/format';
import { useApi } from '../../../lib/useApi';
import { VideoPlayer } from './VideoPlayer';

/** Short names of the usual types; others show their subtype (PNG, MP4) or "file". */
const TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/zip': 'ZIP',
  'text/plain': 'TXT',
  'text/csv': 'CSV',
};

export function fileType(mime: string | null): string | null {
  if (!mime) return null;
  const base = mime.split(';')[0].trim().toLowerCase();
  if (TYPES[base]) return TYPES[base];
  const m = /^(image|audio|video|text)\/([a-z0-9.+-]{1,12})$/.exec(base);
  return m ? m[2].replace(/^x-/, '').toUpperCase() : null;
}

/** 1536 -> "1,5 КБ" / "1.5 KB" in the pupil's language. */
export function fileSize(bytes: number, locale: Locale, units: { b: string; kb: string; mb: string; gb: string }): string {
  const steps: [number, string][] = [[2 ** 30, units.gb], [2 ** 20, units.mb], [2 ** 10, units.kb]];
  for (const [size, unit] of steps) if (bytes >= size) return `${formatNumber(bytes / size, locale)} ${unit}`;
  return `${formatNumber(bytes, locale)} ${units.b}`;
}

export function Materials({ ownerKind, ownerId, headingLevel = 2, exclude = [] }: {
  ownerKind: MaterialOwnerKind; ownerId: string; headingLevel?: 2 | 3 | 4; exclude?: string[];
}) {
  const { t } = useTranslation('media');
  const { data, error, reload } = useApi(() => getMaterials(ownerKind, ownerId), `materials:${ownerKind}:${ownerId}`);
  const Heading = `h${headingLevel}` as const;
  if (error) {
    return (
      <Alert tone="error">
        {errorMessage(error, t('materials.loadFailed'))} <Button variant="ghost" small onClick={() => void reload()}>{t('materials.retry')}</Button>
      </Alert>
    );
  }
  if (!data) return <Skeleton height={60} />;
  const items = data.filter((m) => !exclude.includes(m.id));
  if (!items.length) return null;
  return (
    <section className="materials stack" aria-label={t('materials.title')} data-testid={`materials-${ownerKind}`}>
      <Heading className="materials__title">{t('materials.title')}</Heading>
      <ul className="materials__list">
        {items.map((m) => <li key={m.id} className="materials__item" data-testid="material"><Material material={m} /></li>)}
      </ul>
    </section>
  );
}

function Material({ material: m }: { material: MaterialView }) {
  const { t } = useTranslation('media');
  const locale = currentLocale();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const title = pick(m.title, locale);
  const units = { b: t('materials.units.b'), kb: t('materials.units.kb'), mb: t('materials.units.mb'), gb: t('materials.units.gb') };
  if (m.kind === 'video') return <VideoPlayer id={m.id} testId="material-video" unplayable={t('recording.unsupported')} />;
  if (m.kind === 'link') {
    let host = '';
    try {
      host = new URL(m.url).host;
    } catch {
      host = '';
    }
    return (
      <div className="cluster">
        <span className="materials__icon" aria-hidden="true">🔗</span>
        <span className="materials__info">
          <a className="materials__name" href={m.url} target="_blank" rel="noopener noreferrer">
            {title}<span className="visually-hidden"> {t('materials.newTab')}</span>
          </a>
          <span className="muted materials__meta">{t('materials.link')}{host ? ` · ${host}` : ''}</span>
        </span>
      </div>
    );
  }
  const download = async () => {
    setBusy(true);
    setFailed(null);
    try {
      await downloadMaterial(m, title);
    } catch (err) {
      setFailed(errorMessage(err, t('materials.downloadFailed')));
    } finally {
      setBusy(false);
    }
  };
  const meta = [fileType(m.mime) ?? t('materials.file'), m.size !== null ? fileSize(m.size, locale, units) : null].filter(Boolean).join(' · ');
  return (
    <div className="cluster">
      <span className="materials__icon" aria-hidden="true">📄</span>
      <span className="materials__info">
        <span className="materials__name">{title}</span>
        <span className="muted materials__meta" data-testid="material-meta">{meta}</span>
      </span>
      <Button variant="outline" small busy={busy} onClick={() => void download()} aria-label={t('materials.downloadNamed', { title })}>
        {t('materials.download')}
      </Button>
      {failed ? <Alert tone="error">{failed}</Alert> : null}
    </div>
  );
}
