import type { Locale } from '@olymp/web-common';
import type { Locale as AntdLocale } from 'antd/es/locale';
import kkKZ from 'antd/es/locale/kk_KZ';
import { useEffect, useState } from 'react';

/**
 * antd's own texts (pagination, pickers, empty states). Kazakh ships with the app; Russian loads on demand; English
 * is antd's built-in default (undefined).
 */
const loaders: Record<Locale, () => Promise<AntdLocale | undefined>> = {
  kk: () => Promise.resolve(kkKZ),
  ru: () => import('antd/es/locale/ru_RU').then((module) => module.default),
  en: () => Promise.resolve(undefined),
};

export function useAntdLocale(locale: Locale): AntdLocale | undefined {
  const [value, setValue] = useState<AntdLocale | undefined>(() => (locale === 'en' ? undefined : kkKZ));
  useEffect(() => {
    let active = true;
    loaders[locale]().then(
      (loaded) => {
        if (active) setValue(loaded);
      },
      () => {
        // Without the chunk antd falls back to its English texts; the page itself stays translated.
        if (active) setValue(undefined);
      },
    );
    return () => {
      active = false;
    };
  }, [locale]);
  return value;
}
