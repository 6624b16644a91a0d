import { DownOutlined, UserOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/lib/auth';
import { maskMobile } from '@/lib/core';
import { useMenuChoose } from './use-menu-choose';
import { userMenuItems } from './user-menu';

/** The logged-in user's name with the personal-centre dropdown (SPEC 2: delays 250/150 ms, items ≥ 80 px, menu ≤ 300 px). */
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
    <Dropdown
      menu={{ items, className: 'user-dropdown-menu' }}
      mouseEnterDelay={0.25}
      mouseLeaveDelay={0.15}
      placement="bottomRight"
      rootClassName="user-dropdown"
    >
      <a className="user-trigger" href={`${base}/my`} onClick={(e) => e.preventDefault()} aria-haspopup="menu">
        <UserOutlined />
        <span className="user-name">{shown}</span>
        <DownOutlined className="user-caret" />
      </a>
    </Dropdown>
  );
}
