/**
 * Profile edit, the avatar (auth's users/{user}/avatar): a JPEG, PNG or WebP up to 2 MB, stored re-encoded as WebP;
 * or the current one removed. The server decides the type by the bytes; its refusal is shown under the field.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { authJson } from '../../../api/session';
import { useAuth, useUser } from '../../../auth/AuthProvider';
import { errorMessage, fieldErrors } from '../../../auth/otp';
import { Button, Card, FileField } from '../../../design';
import { useToast } from '../../../design/toasts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export function AvatarForm() {
  const { t } = useTranslation('profile');
  const { t: tc } = useTranslation();
  const user = useUser();
  const { reloadProfile } = useAuth();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const upload = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setError(t('avatar.required'));
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setError(t('avatar.tooLarge'));
      return;
    }
    const body = new FormData();
    body.append('avatar', file);
    setBusy('upload');
    try {
      await authJson(`users/${user.uuid}/avatar`, { method: 'POST', body });
      await reloadProfile();
      if (input.current) input.current.value = '';
      setFileName(null);
      toast.show({ type: 'success', text: t('avatar.saved') });
    } catch (err) {
      setError(fieldErrors(err).avatar ?? errorMessage(err, t('errors.save')));
    } finally {
      setBusy(null);
    }
  };

  const remove = async () => {
    setError(null);
    setBusy('remove');
    try {
      await authJson(`users/${user.uuid}/avatar`, { method: 'DELETE' });
      await reloadProfile();
      toast.show({ type: 'success', text: t('avatar.removed') });
    } catch (err) {
      setError(errorMessage(err, t('errors.save')));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('avatar.title')}>
      <form className="stack" onSubmit={(e) => void upload(e)} noValidate aria-label={t('avatar.title')}>
        <div className="avatar-edit">
          {user.avatar ? (
            <img className="avatar-edit__image" src={user.avatar} alt={t('avatar.current')} width={96} height={96} data-testid="avatar-current" />
          ) : (
            <span className="avatar-edit__image avatar-edit__image--empty" aria-hidden="true">
              {user.firstName.slice(0, 1)}
            </span>
          )}
          <FileField
            ref={input}
            label={t('avatar.choose')}
            chooseLabel={tc('upload.choose')}
            noneLabel={tc('upload.none')}
            fileName={fileName}
            accept="image/jpeg,image/png,image/webp"
            hint={t('avatar.hint')}
            error={error ?? undefined}
            onChange={(e) => {
              setError(null);
              setFileName(e.target.files?.[0]?.name ?? null);
            }}
          />
        </div>
        <div className="cluster">
          <Button type="submit" busy={busy === 'upload'}>
            {t('avatar.upload')}
          </Button>
          {user.avatar ? (
            <Button variant="outline" busy={busy === 'remove'} onClick={() => void remove()}>
              {t('avatar.remove')}
            </Button>
          ) : null}
        </div>
      </form>
    </Card>
  );
}
