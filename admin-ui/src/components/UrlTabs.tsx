import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { activeTab } from '../lib/tabs';

export interface PageTab {
  key: string;
  label: string;
  children: ReactNode;
}

/**
 * A page's tabs with the active one in the URL (`?tab=`): a link opens that tab, and a tab the user may not see
 * (already left out of `tabs`) falls back to the first one they may.
 */
export function UrlTabs({ tabs, destroyOnHidden }: { tabs: PageTab[]; destroyOnHidden?: boolean }) {
  const [params, setParams] = useSearchParams();
  const active = activeTab(params.get('tab'), tabs.map((tab) => tab.key));
  return <Tabs activeKey={active} destroyOnHidden={destroyOnHidden} onChange={(key) => setParams({ tab: key }, { replace: true })} items={tabs} />;
}
