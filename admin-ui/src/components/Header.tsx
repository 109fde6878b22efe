import { useGetIdentity, useLogout } from '@refinedev/core';
import { Button, Grid, Layout, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Identity } from '../providers/auth';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Top bar of the admin panel: the language switcher, the signed-in person and sign-out. */
export function Header() {
  const { token } = theme.useToken();
  const { t } = useTranslation();
  const { data: identity } = useGetIdentity<Identity>();
  const { mutate: logout } = useLogout();
  // On a phone the bar holds the language switch, the name and sign-out; the phone number is on the profile.
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'flex-end',
        gap: wide ? token.marginMD : token.marginXS,
        height: 64,
        padding: `0 ${wide ? token.paddingLG : token.paddingSM}px`,
        minWidth: 0,
        backgroundColor: token.colorBgElevated,
        position: 'sticky',
        top: 0,
        zIndex: 1,
      }}
    >
      <LanguageSwitcher />
      {identity ? (
        <>
          <Typography.Text data-testid="identity" ellipsis style={{ minWidth: 0, maxWidth: wide ? 360 : 120 }}>
            {identity.name} {wide ? <Typography.Text type="secondary">{identity.phone}</Typography.Text> : null}
          </Typography.Text>
          <Button size="small" onClick={() => logout()}>
            {t('buttons.logout')}
          </Button>
        </>
      ) : null}
    </Layout.Header>
  );
}
