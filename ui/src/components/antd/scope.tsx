import { ConfigProvider, message, Modal, notification } from 'antd';
import AppContext, { type useAppProps } from 'antd/es/app/context';
// The ES modules: antd/locale/* are CommonJS, which the build handed over wrapped in `default`, so
// antd's own words (date pickers, pagination, dialogs) stayed English on the Chinese site.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const BRAND_BLUE = '#2468f2';
const BRAND_BLUE_HOVER = '#1a56d6';
const BRAND_BLUE_ACTIVE = '#1447b5';

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'Helvetica Neue', Arial, sans-serif";

// One object, so every scope shares antd's computed theme (and its style cache).
// The greys and the error red are darker than antd's own, for 4.5:1 against white (WCAG AA); the brand
// blue (4.8:1) stays. Under the mouse and pressed, the blue darkens (antd lightens it, to 3.1:1 with the
// white text of a primary button and on white for a link).
const THEME = {
  token: {
    colorPrimary: BRAND_BLUE,
    colorPrimaryHover: BRAND_BLUE_HOVER,
    colorPrimaryActive: BRAND_BLUE_ACTIVE,
    colorLink: BRAND_BLUE,
    colorLinkHover: BRAND_BLUE_HOVER,
    colorLinkActive: BRAND_BLUE_ACTIVE,
    colorError: '#d9363e',
    colorErrorHover: '#b8232b',
    colorErrorActive: '#a61d24',
    colorTextDescription: '#696e77',
    colorTextTertiary: '#696e77',
    colorTextPlaceholder: '#757575',
    borderRadius: 6,
    fontFamily: FONT_FAMILY,
  },
};

function Themed({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    // Not virtual: antd's virtual option list marks plain boxes aria-selected (axe-core: aria-allowed-attr);
    // drawn whole, the options are the listbox's own, and the lists here are short.
    <ConfigProvider locale={i18n.language === 'en-US' ? enUS : zhCN} theme={THEME} virtual={false}>
      {children}
    </ConfigProvider>
  );
}

// antd's static toasts and dialogs are drawn in their own root, themed like the scopes.
ConfigProvider.config({ holderRender: (children) => <Themed>{children}</Themed> });

// What `App.useApp()` answers in every scope: those static toasts and dialogs. Drawn apart from the
// page, a toast shown just before a navigation outlives the page that showed it, as it did when one
// antd App wrapped the whole site. (The static confirm lacks the hook's `then`, which nothing here uses.)
const APP: useAppProps = {
  message,
  notification,
  modal: { confirm: Modal.confirm, info: Modal.info, success: Modal.success, error: Modal.error, warning: Modal.warning } as useAppProps['modal'],
};

/**
 * Ant Design's theme, locale, toasts and dialogs for what is inside. antd is not part of a page's first
 * load: the pages that use it are wrapped in a scope when their route loads, and the light pages
 * (tags, the resume) load each antd piece, in its own scope, when it is about to be seen.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <Themed>
      <AppContext.Provider value={APP}>{children}</AppContext.Provider>
    </Themed>
  );
}

export { message };
