import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth, useUser } from '../../auth/AuthProvider';
import { Button, ButtonLink, Card } from '../../design';
import { usePageTitle } from '../../hooks/usePageTitle';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  usePageTitle(t('title'));
  const user = useUser();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <Card title={t('title')}>
      {user.avatar ? <img className="avatar-edit__image" src={user.avatar} alt={t('avatar.current')} width={96} height={96} /> : null}
      <dl className="facts-list">
        <dt>{t('fields.name')}</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>{t('fields.phone')}</dt>
        <dd>{user.phone}</dd>
        <dt>{t('fields.email')}</dt>
        <dd>{user.email ?? '—'}</dd>
        <dt>{t('fields.grade')}</dt>
        <dd>{user.grade ?? '—'}</dd>
        <dt>{t('fields.parentPhone')}</dt>
        <dd>{user.parentPhone ?? '—'}</dd>
      </dl>
      <div className="cluster">
        <ButtonLink to="/student/profile/edit">{t('edit')}</ButtonLink>
        <Button
          variant="outline"
          onClick={() => {
            void signOut().then(() => navigate('/login', { replace: true }));
          }}
        >
          {t('signOut')}
        </Button>
      </div>
    </Card>
  );
}
