/** /components: the design system's tokens and components, in the current language, for review. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Badge, Button, ButtonLink, Card, Checkbox, EmptyState, ProgressBar, SelectField, Skeleton, Spinner, Stat, Tabs, TextField, Tooltip } from '../../design';
import { useToast, type ToastType } from '../../design/toasts';
import { usePageTitle } from '../../hooks/usePageTitle';

const COLORS = ['--navy', '--navy-dark', '--gold', '--gold-soft', '--ink', '--muted', '--background', '--success', '--danger', '--info'];
const TOASTS: ToastType[] = ['success', 'error', 'warning', 'info', 'default'];

export default function ComponentsPage() {
  const { t } = useTranslation();
  usePageTitle(t('gallery.title'));
  const toast = useToast();
  const [checked, setChecked] = useState(true);
  return (
    <div className="container section stack">
      <h1 className="page-title">{t('gallery.title')}</h1>
      <p className="muted">{t('gallery.lead')}</p>

      <Card title={t('gallery.type')}>
        <p style={{ fontSize: 'var(--text-xl)', fontWeight: 800 }} data-testid="kazakh-sample">
          Әә Ғғ Ққ Ңң Өө Ұұ Үү Һһ Іі — {t('gallery.kazakhSample')}
        </p>
        <p>{t('gallery.body')}</p>
      </Card>

      <Card title={t('gallery.colors')}>
        <div className="grid">
          {COLORS.map((c) => (
            <div key={c} className="swatch">
              <span className="swatch__color" style={{ background: `var(${c})` }} />
              <code>{c}</code>
            </div>
          ))}
        </div>
      </Card>

      <Card title={t('gallery.buttons')}>
        <div className="cluster">
          <Button>{t('gallery.primary')}</Button>
          <Button variant="secondary">{t('gallery.secondary')}</Button>
          <Button variant="outline">{t('gallery.outline')}</Button>
          <Button variant="danger">{t('gallery.danger')}</Button>
          <Button busy>{t('loading')}</Button>
          <Button disabled>{t('gallery.disabled')}</Button>
          <ButtonLink to="/" small>
            {t('nav.home')}
          </ButtonLink>
        </div>
      </Card>

      <Card title={t('gallery.badges')}>
        <div className="cluster">
          <Badge>{t('gallery.badge')}</Badge>
          <Badge tone="success">{t('gallery.success')}</Badge>
          <Badge tone="danger">{t('gallery.error')}</Badge>
          <Badge tone="info">{t('gallery.info')}</Badge>
          <Badge tone="neutral">{t('gallery.neutral')}</Badge>
        </div>
        <Alert tone="info">{t('gallery.info')}</Alert>
        <Alert tone="success">{t('gallery.success')}</Alert>
        <Alert tone="warning">{t('gallery.warning')}</Alert>
        <Alert tone="error">{t('gallery.error')}</Alert>
      </Card>

      <Card title={t('gallery.forms')}>
        <div className="form-grid">
          <TextField label={t('gallery.textField')} placeholder="+7 700 000 00 00" hint={t('gallery.hint')} />
          <TextField label={t('gallery.textField')} defaultValue="abc" error={t('gallery.error')} />
          <SelectField label={t('gallery.select')} defaultValue="5">
            {[4, 5, 6].map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </SelectField>
        </div>
        <Checkbox label={t('gallery.checkbox')} checked={checked} onChange={(e) => setChecked(e.target.checked)} />
      </Card>

      <Card title={t('gallery.navigation')}>
        <Tabs
          label={t('gallery.navigation')}
          tabs={[
            { to: '/components', label: t('gallery.title'), end: true },
            { to: '/', label: t('nav.home'), end: true },
          ]}
        />
        <ProgressBar value={6} max={10} label={t('gallery.progress')} />
      </Card>

      <Card title={t('gallery.data')}>
        <div className="grid">
          <Stat label="XP" value="1 350" />
          <Stat label="ZP" value="500" />
        </div>
        <Skeleton height={24} />
        <Spinner label={t('loading')} />
        <EmptyState title={t('gallery.empty')} />
      </Card>

      <Card title={t('gallery.tooltips')}>
        <div className="cluster" style={{ padding: '40px 0' }}>
          {(['top', 'bottom', 'left', 'right'] as const).map((position) => (
            <Tooltip key={position} position={position} text={t(`gallery.tooltip.${position}`)}>
              <Button variant="outline" small>
                {t(`gallery.tooltip.${position}`)}
              </Button>
            </Tooltip>
          ))}
        </div>
      </Card>

      <Card title={t('gallery.toasts')}>
        <div className="cluster">
          {TOASTS.map((type) => (
            <Button key={type} variant="outline" small onClick={() => toast.show({ type, title: t(`gallery.toast.${type}`), text: t('gallery.toastText') })}>
              {t(`gallery.toast.${type}`)}
            </Button>
          ))}
          <Button variant="outline" small onClick={() => toast.show({ type: 'info', text: t('gallery.toastText'), timeout: 0 })}>
            {t('gallery.toastSticky')}
          </Button>
        </div>
      </Card>
    </div>
  );
}
