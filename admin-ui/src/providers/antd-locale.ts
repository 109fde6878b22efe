import type { Locale } from '@olymp/web-common';
import type { Locale as AntdLocale } from 'antd/es/locale';
import kkKZ from 'antd/es/locale/kk_KZ';
import { useEffect, useState } from 'react';

/**
 * antd's own texts (pagination, pickers, empty states). Kazakh ships with the app; Russian and English load on
 * demand. Never undefined: ConfigProvider wraps its children in a locale provider only when it has a locale, so
 * switching between "a locale" and "none" would remount the whole page (and empty a half-filled form).
 */
const loaders: Record<Locale, () => Promise<AntdLocale | undefined>> = {
  kk: () => Promise.resolve(kkKZ),
  ru: () => import('antd/es/locale/ru_RU').then((module) => module.default),
  en: () => import('antd/es/locale/en_US').then((module) => module.default),
};

export function useAntdLocale(locale: Locale): AntdLocale | undefined {
  const [value, setValue] = useState<AntdLocale | undefined>(kkKZ);
  useEffect(() => {
    let active = true;
    loaders[locale]().then(
      (loaded) => {
        if (active) setValue(loaded);
      },
      () => {
        // Without the chunk antd keeps the texts it has; the page itself stays translated.
      },
    );
    return () => {
      active = false;
    };
  }, [locale]);
  return value;
}
