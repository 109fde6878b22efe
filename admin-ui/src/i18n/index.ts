/**
 * i18next for the admin panel. Kazakh (default and fallback) ships in the main bundle, so the first paint never
 * waits; Russian and English translation groups are separate chunks loaded when the language switches to them.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import kkCommon from './locales/kk/common.json';
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, LOCALES, detectLocale, persistLocale, type Locale } from './config';

const lazyBundles = import.meta.glob<ResourceKey>(['./locales/*/*.json', '!./locales/kk/*.json'], { import: 'default' });

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = lazyBundles[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (bundle) => callback(null, bundle),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

i18n.on('languageChanged', syncDocumentLanguage);

void i18n
  .use(lazyBackend)
  .use(initReactI18next)
  .init({
    lng: detectLocale(),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    nonExplicitSupportedLngs: false,
    load: 'languageOnly',
    ns: [DEFAULT_NAMESPACE],
    defaultNS: DEFAULT_NAMESPACE,
    resources: { [DEFAULT_LOCALE]: { [DEFAULT_NAMESPACE]: kkCommon } },
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  persistLocale(locale);
  await i18n.changeLanguage(locale);
}

export { i18n };
