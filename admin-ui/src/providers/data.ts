/**
 * Refine's data provider for the NestJS CRUD API behind the gateway (/api). Every request asks for JSON and carries
 * the interface language (X-Locale) so validation and error messages come back in the language the staff member reads.
 */
import nestjsxCrudDataProvider, { axiosInstance } from '@refinedev/nestjsx-crud';
import i18n from 'i18next';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../i18n/config';

export const API_URL = '/api';

export function currentLocale(): Locale {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : DEFAULT_LOCALE;
}

axiosInstance.interceptors.request.use((config) => {
  config.headers.set('Accept', 'application/json');
  config.headers.set('X-Locale', currentLocale());
  return config;
});

/** `apiUrl` is /api behind the gateway; tests point it at a local server. */
export function createDataProvider(apiUrl: string = API_URL) {
  return nestjsxCrudDataProvider(apiUrl, axiosInstance);
}

export const dataProvider = createDataProvider();
