/**
 * The resources the backend publishes (GET /api/docs-json, merged by the gateway), loaded once at start and given
 * to every generated screen. The document is public: it names routes and permission keys, never data.
 */
import { Button, Result, Spin } from 'antd';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { API_URL, http } from '../api/http';
import { parseOpenApi, type OpenApiDocument, type ResourceMeta } from './openapi';

interface MetaState {
  resources: ResourceMeta[];
  unavailable: string[];
  byName: Map<string, ResourceMeta>;
}

const MetaContext = createContext<MetaState | undefined>(undefined);

/** Kept for the page's life: the description does not change while the app runs. */
let cached: MetaState | undefined;

export function MetaProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [state, setState] = useState<MetaState | undefined>(cached);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    if (cached) return;
    setFailed(false);
    http.get<OpenApiDocument>(`${API_URL}/docs-json`).then(
      ({ data }) => {
        const resources = parseOpenApi(data);
        cached = { resources, unavailable: data['x-unavailable'] ?? [], byName: new Map(resources.map((r) => [r.name, r])) };
        setState(cached);
      },
      () => setFailed(true),
    );
  }, []);

  useEffect(load, [load]);

  if (failed) {
    return <Result status="warning" title={t('meta.failed')} extra={<Button onClick={load}>{t('buttons.retry')}</Button>} />;
  }
  if (!state) return <Spin size="large" style={{ display: 'block', margin: '96px auto' }} />;
  return <MetaContext.Provider value={state}>{children}</MetaContext.Provider>;
}

export function useMeta(): MetaState {
  const value = useContext(MetaContext);
  if (!value) throw new Error('useMeta outside MetaProvider');
  return value;
}

export function useResourceMeta(name: string): ResourceMeta | undefined {
  return useMeta().byName.get(name);
}
