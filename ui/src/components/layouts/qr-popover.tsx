import { MobileOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '@/lib/site-config';

/** Draws the QR code in the browser (the `qrcode` package is loaded on first use). */
function useQrImage(): string {
  const { qrImage, mobileBase } = useSiteConfig();
  const [drawn, setDrawn] = useState('');
  const text = mobileBase || window.location.origin;
  useEffect(() => {
    if (qrImage) return;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: 220, margin: 1 }))
      .then((url) => live && setDrawn(url))
      .catch(() => live && setDrawn(''));
    return () => {
      live = false;
    };
  }, [qrImage, text]);
  return qrImage || drawn;
}

/** "Mobile" link with a popup showing the QR code of the touch version. */
export function QrPopover() {
  const { t } = useTranslation();
  const src = useQrImage();
  const content = (
    <div className="qr-pop">
      {src ? <img src={src} width={110} height={110} alt={t('site.touchVersion')} /> : <div className="qr-blank" />}
      <div className="qr-title">{t('site.touchVersion')}</div>
      <div className="qr-hint">{t('site.scanHint')}</div>
    </div>
  );
  return (
    <Popover content={content} mouseEnterDelay={0.25} mouseLeaveDelay={0.15} placement="bottom">
      <span className="header-mobile" tabIndex={0}>
        <MobileOutlined /> {t('header.mobile')}
      </span>
    </Popover>
  );
}
