/**
 * Categories as a tree (the `categories` resource's list): drag a category before, after or into another to reorder
 * or reparent it (PUT /api/categories/{id} with its parentId and position, and new positions for its new siblings);
 * a drop into its own subtree is refused here, as the API would (CATEGORY_CYCLE). Create and edit are the generated
 * forms.
 */
import { useGo } from '@refinedev/core';
import { Alert, Button, Card, Space, Tag, Tree, Typography } from 'antd';
import type { TreeDataNode, TreeProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../api/http';
import { useAccess } from '../../hooks/useAccess';
import { apiSend, useApi } from '../../hooks/useApi';
import { useLocale } from '../../hooks/useLocale';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSend } from '../../hooks/useSend';
import { moveCategory, rowsOf } from './logic';

interface CategoryRecord {
  id: string;
  parentId: string | null;
  position: number;
  active: boolean;
  nameKk: string;
  nameRu: string;
  nameEn: string;
}

export default function CategoryTree() {
  const { t } = useTranslation(['shop', 'common']);
  const locale = useLocale();
  const go = useGo();
  const send = useSend();
  const { has } = useAccess();
  usePageTitle(t('categories.title'));
  const categories = useApi<CategoryRecord[] | { data: CategoryRecord[] }>('categories', { limit: 1000 });
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const all = useMemo(() => (categories.data ? rowsOf(categories.data) : []), [categories.data]);
  const cap = (locale.charAt(0).toUpperCase() + locale.slice(1)) as 'Kk' | 'Ru' | 'En';

  const tree = useMemo(() => {
    const build = (parent: string | null): TreeDataNode[] =>
      all
        .filter((c) => c.parentId === parent)
        .sort((a, b) => a.position - b.position)
        .map((c) => ({
          key: c.id,
          title: (
            <span data-testid="category-node">
              {c[`name${cap}`] || c.nameKk} {c.active ? null : <Tag>{t('categories.inactive')}</Tag>}
            </span>
          ),
          children: build(c.id),
        }));
    return build(null);
  }, [all, cap, t]);

  const onDrop: TreeProps['onDrop'] = (info) => {
    const dragId = String(info.dragNode.key);
    const targetId = String(info.node.key);
    // antd: dropPosition is relative to the target's index among its siblings; -1 before, 1 after.
    const pos = info.node.pos.split('-');
    const relative = info.dropPosition - Number(pos[pos.length - 1]);
    const move = moveCategory(all, dragId, targetId, !info.dropToGap, relative >= 0);
    setRefused(null);
    if (!move) {
      setRefused(t('categories.cycle'));
      return;
    }
    setBusy(true);
    void send(async () => {
      for (const w of move.writes) await apiSend('put', `categories/${w.id}`, { parentId: w.parentId, position: w.position });
    }, t('categories.moved'))
      .catch((e: unknown) => setRefused(toApiError(e).message))
      .finally(() => {
        setBusy(false);
        void categories.refetch();
      });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('categories.title')}
        </Typography.Title>
        {has('shop:category_manage') ? (
          <Button type="primary" onClick={() => go({ to: '/shop/categories/create' })}>
            {t('common:buttons.create')}
          </Button>
        ) : null}
      </Space>
      <Typography.Text type="secondary">{t('categories.hint')}</Typography.Text>
      {refused ? <Alert type="warning" showIcon message={refused} /> : null}
      {categories.isError ? <Alert type="error" showIcon message={toApiError(categories.error).message} /> : null}
      <Card loading={categories.isLoading} size="small">
        {tree.length ? (
          <Tree
            treeData={tree}
            draggable={!busy}
            blockNode
            defaultExpandAll
            onDrop={onDrop}
            onSelect={(keys) => {
              if (keys[0]) go({ to: `/shop/categories/${String(keys[0])}/edit` });
            }}
          />
        ) : (
          <Typography.Text type="secondary">{t('categories.empty')}</Typography.Text>
        )}
      </Card>
    </Space>
  );
}
