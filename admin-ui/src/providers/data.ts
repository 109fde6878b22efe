/**
 * Refine's data provider for the NestJS CRUD API behind the gateway (/api). Every request asks for JSON and carries
 * the interface language (X-Locale) so validation and error messages come back in the language the staff member reads.
 */
import { currentLocale } from '@olymp/web-common';
import nestjsxCrudDataProvider, { axiosInstance } from '@refinedev/nestjsx-crud';

export const API_URL = '/api';

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
