import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../providers/auth';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Top bar of the admin panel: the language switcher, the signed-in person and sign-out. */
export function Header() {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: token.marginMD,
        height: 64,
        padding: `0 ${token.paddingLG}px`,
        backgroundColor: token.colorBgElevated,
        position: 'sticky',
        top: 0,
        zIndex: 1,
      }}
    >
      <LanguageSwitcher />
      {identity ? (
        <>
          <Typography.Text data-testid="identity">
            {identity.name} <Typography.Text type="secondary">{identity.phone}</Typography.Text>
          </Typography.Text>
          <Button size="small" onClick={() => logout()}>
            {t('buttons.logout')}
          </Button>
        </>
      ) : null}
    </Layout.Header>
  );
}
