import { Layout, theme } from 'antd';
import { LanguageSwitcher } from './LanguageSwitcher';

/** Top bar of the admin panel; the signed-in user's name and avatar join it with sign-in (issue 7). */
export function Header() {
  const { token } = theme.useToken();
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
    </Layout.Header>
  );
}
