import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const BRAND_BLUE = '#2468f2';
export const BRAND_ORANGE = '#ff6a00';

const FONT_FAMILY =
  "-apple-system, BlinkMacSystemFont, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'Helvetica Neue', Arial, sans-serif";

export function AppProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider
      locale={i18n.language === 'en-US' ? enUS : zhCN}
      theme={{ token: { colorPrimary: BRAND_BLUE, colorLink: BRAND_BLUE, borderRadius: 6, fontFamily: FONT_FAMILY } }}
    >
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}
