/**
 * i18next for both UIs. The default language (kk) ships in the main bundle, so the first paint never waits; the
 * other languages' translation groups are separate chunks, loaded when the language switches to them. i18next's
 * default instance is used, so react-i18next, the API helpers and Refine all read the same language.
 */
import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, DEFAULT_NAMESPACE, LOCALES, detectLocale, isLocale, persistLocale, type Locale } from './locale';

export interface I18nOptions {
  /** The default language's translation groups by namespace, bundled with the app: `{ common: kkCommon }`. */
  bundled: Record<string, ResourceKey>;
  /**
   * Loaders of the other languages' groups, as the app's `import.meta.glob(..., { import: 'default' })` returns
   * them: keys are paths ending in `<language>/<namespace>.json`.
   */
  lazy: Record<string, () => Promise<ResourceKey>>;
  /** Namespaces loaded at start; default `[DEFAULT_NAMESPACE]`. */
  namespaces?: readonly string[];
  /** The namespace `t()` reads when none is named; default DEFAULT_NAMESPACE. */
  defaultNamespace?: string;
}

const BUNDLE_PATH = /([^/]+)\/([^/]+)\.json$/;

function lazyBackend(lazy: I18nOptions['lazy']): BackendModule {
  const loaders = new Map<string, () => Promise<ResourceKey>>();
  for (const [file, load] of Object.entries(lazy)) {
    const match = BUNDLE_PATH.exec(file);
    if (match) loaders.set(`${match[1]}/${match[2]}`, load);
  }
  return {
    type: 'backend',
    init: () => undefined,
    read(language, namespace, callback) {
      const load = loaders.get(`${language}/${namespace}`);
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
}

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

/** Starts i18next in the stored language (or kk); `<html lang>` follows every language change. */
export function initI18n({ bundled, lazy, namespaces = [DEFAULT_NAMESPACE], defaultNamespace = DEFAULT_NAMESPACE }: I18nOptions): void {
  i18n.on('languageChanged', syncDocumentLanguage);

  void i18n
    .use(lazyBackend(lazy))
    .use(initReactI18next)
    .init({
      lng: detectLocale(),
      fallbackLng: DEFAULT_LOCALE,
      supportedLngs: [...LOCALES],
      nonExplicitSupportedLngs: false,
      load: 'languageOnly',
      ns: [...namespaces],
      defaultNS: defaultNamespace,
      resources: { [DEFAULT_LOCALE]: bundled },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

/** Switches the interface language and remembers the choice. */
export async function changeLocale(locale: Locale): Promise<void> {
  persistLocale(locale);
  await i18n.changeLanguage(locale);
}

/** The interface language, as API requests announce it (X-Locale). */
export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}
