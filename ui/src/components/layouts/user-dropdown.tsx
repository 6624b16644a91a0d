import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { LazyDropdown } from '@/components/antd/lazy';
import { Icon } from '@/components/ui/icon';
import { useAuth } from '@/lib/auth';
import { maskMobile } from '@/lib/core';
import { useMenuChoose } from './use-menu-choose';
import { userMenuItems } from './user-menu';

/**
 * The logged-in user's name with the personal-centre dropdown (SPEC 2: delays 250/150 ms, items ≥ 80 px,
 * menu ≤ 300 px). The dropdown (antd's) is fetched on the first hover.
 */
export function UserDropdown({ base = '', label }: { base?: string; label?: string }) {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const choose = useMenuChoose(base);
  if (!user) return null;

  const items: NonNullable<MenuProps['items']> = [];
  for (const item of userMenuItems()) {
    if (item.divider) items.push({ type: 'divider', key: `divider-${item.value}` });
    items.push({
      key: item.value,
      label: item.path ? (
        <a href={`${base}${item.path}`} onClick={(e) => choose(item, e)} data-menu={item.value}>
          {t(item.content)}
        </a>
      ) : (
        <span data-menu={item.value}>{t(item.content)}</span>
      ),
      onClick: item.path ? undefined : () => choose(item),
    });
  }

  const shown = label ?? (user.name || maskMobile(user.mobile));
  return (
    <LazyDropdown
      menu={{ items, className: 'user-dropdown-menu' }}
      mouseEnterDelay={0.25}
      mouseLeaveDelay={0.15}
      placement="bottomRight"
      rootClassName="user-dropdown"
    >
      <a className="user-trigger" href={`${base}/my`} onClick={(e) => e.preventDefault()} aria-haspopup="menu">
        <Icon svg={UserOutlined} />
        <span className="user-name">{shown}</span>
        <Icon svg={DownOutlined} className="user-caret" />
      </a>
    </LazyDropdown>
  );
}
