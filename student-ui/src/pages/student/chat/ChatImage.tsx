/**
 * A chat picture: members-only on the server, so it is fetched with the token and shown from an object URL
 * (released when the message leaves the screen). While it loads a box of the same place is shown; a picture that
 * cannot be read (hidden meanwhile, or the member left) says so instead of a broken image.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchChatImage } from '../../../api/chat';

export function ChatImage({ url }: { url: string }) {
  const { t } = useTranslation('chat');
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    let objectUrl: string | null = null;
    setSrc(null);
    setFailed(false);
    fetchChatImage(url).then(
      (blob) => {
        if (!alive) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      },
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <em className="muted chat-msg__image-missing">{t('imageMissing')}</em>;
  if (!src) return <span className="chat-msg__image chat-msg__image--loading" role="img" aria-label={t('image')} aria-busy="true" />;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      <img className="chat-msg__image" src={src} alt={t('image')} />
    </a>
  );
}
