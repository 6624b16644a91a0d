import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyPopover } from '@/components/antd/lazy';
import { Icon } from '@/components/ui/icon';
import { useSiteConfig } from '@/lib/site-config';

/** Draws the QR code in the browser once `wanted` (the `qrcode` package is loaded then). */
function useQrImage(wanted: boolean): string {
  const { qrImage, mobileBase } = useSiteConfig();
  const [drawn, setDrawn] = useState('');
  // The mobile job search (/m/search under the default MOBILE_BASE), as an absolute address to scan.
  const text = new URL(`${mobileBase.replace(/\/+$/, '')}/search`, window.location.origin).toString();
  useEffect(() => {
    if (qrImage || !wanted) return;
    let live = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(text, { width: 220, margin: 1 }))
      .then((url) => live && setDrawn(url))
      .catch(() => live && setDrawn(''));
    return () => {
      live = false;
    };
  }, [qrImage, text, wanted]);
  return qrImage || drawn;
}

/** "Mobile" link with a popup showing the QR code of the touch version; popup and code come with the first hover. */
export function QrPopover() {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  const src = useQrImage(wanted);
  const content = (
    <div className="qr-pop">
      {src ? <img src={src} width={110} height={110} alt={t('site.touchVersion')} /> : <div className="qr-blank" />}
      <div className="qr-title">{t('site.touchVersion')}</div>
      <div className="qr-hint">{t('site.scanHint')}</div>
    </div>
  );
  return (
    <LazyPopover content={content} mouseEnterDelay={0.25} mouseLeaveDelay={0.15} placement="bottom">
      <span className="header-mobile" tabIndex={0} onMouseEnter={() => setWanted(true)} onFocus={() => setWanted(true)}>
        <Icon svg={MobileOutlined} /> {t('header.mobile')}
      </span>
    </LazyPopover>
  );
}
