import { useLink, type TitleProps } from '@refinedev/core';
import { Typography } from 'antd';
import { PRODUCT_NAME } from '../hooks/usePageTitle';
import { Logo } from './Logo';

/**
 * Product mark and name at the top of the sidebar. Unlike Refine's ThemedTitle it is not a heading, so each page
 * keeps a single h1 of its own.
 */
export function Title({ collapsed }: TitleProps) {
  const Link = useLink();
  return (
    <Link to="/" aria-label={PRODUCT_NAME} style={{ display: 'inline-flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}>
      <Logo />
      {collapsed ? null : (
        <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Typography.Text>
      )}
    </Link>
  );
}
