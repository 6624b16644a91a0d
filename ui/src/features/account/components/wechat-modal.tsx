import { LoadingOutlined, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AntdScope } from '@/components/antd/scope';
import { answered, authErrorKey, errorCode } from '@/components/auth-form/login-error';
import { getBindWxInfo, type BindWxInfo } from '../api/get-bind-wx-info';
import { getImWxCode, type WxCode } from '../api/get-im-wx-code';
import { expiredByClock, startPolling, wxView } from '../wx-poll';

type View = 'loading' | 'waiting' | 'refused' | 'expired' | 'failed';

/** The QR code, drawn from `qrContent`, and the poll every 2 s that notices the scan. */
function WechatQr({ provider, onBound }: { provider: string; onBound: (nickname: string | null) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState<WxCode | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [view, setView] = useState<View>('loading');
  const [error, setError] = useState<unknown>(null);
  const mounted = useRef(false);
  const loading = useRef(false);
  const bound = useRef(onBound);
  bound.current = onBound;

  const load = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    setView('loading');
    setError(null);
    getImWxCode()
      .then(answered)
      .then(async (next) => {
        const dataUrl = await QRCode.toDataURL(next.qrContent, { width: 200, margin: 1, errorCorrectionLevel: 'M' });
        return { next, dataUrl };
      })
      .then(
        ({ next, dataUrl }) => {
          loading.current = false;
          if (!mounted.current) return;
          setCode(next);
          setImage(dataUrl);
          setView('waiting');
        },
        (e: unknown) => {
          loading.current = false;
          if (!mounted.current || (e as { message?: unknown })?.message === 'request:repeat') return;
          setError(e);
          setView('failed');
        },
      );
  }, []);

  useEffect(() => {
    mounted.current = true;
    load();
    return () => {
      mounted.current = false;
    };
  }, [load]);

  useEffect(() => {
    if (view !== 'waiting' || !code) return;
    const poll = (): Promise<BindWxInfo> =>
      getBindWxInfo(code.scene).then(
        (info) => info ?? { bound: false, nickname: null },
        // A scene the server no longer knows for us is as good as expired.
        (e: unknown) => (errorCode(e) === 'NOT_FOUND' ? { bound: false, nickname: null, status: 'expired' } : Promise.reject(e)),
      );
    return startPolling(poll, (info) => {
      const next = wxView(info.status ?? undefined, info.bound);
      if (next.state === 'bound') {
        bound.current(info.nickname ?? null);
        return false;
      }
      if (next.state === 'waiting' && !expiredByClock(code.expiresAt, Date.now())) return true;
      setView(next.state === 'waiting' ? 'expired' : next.state);
      return false;
    });
  }, [view, code]);

  const covered = view === 'refused' || view === 'expired';
  return (
    <div className="wx-bind" data-view={view}>
      <p className="wx-hint">{t('account.wechat.scanHint')}</p>
      {view === 'failed' ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          message={t('account.wechat.loadFailed')}
          description={t(authErrorKey(error))}
          action={
            <Button size="small" onClick={load}>
              {t('account.retry')}
            </Button>
          }
        />
      ) : (
        <div className="wx-qr-frame">
          {image && <img className="wx-qr" src={image} alt={t('account.wechat.qrAlt')} width={200} height={200} />}
          {view === 'loading' && (
            <div className="wx-qr-cover">
              <LoadingOutlined />
            </div>
          )}
          {covered && (
            <div className="wx-qr-cover" role="alert">
              <strong className="wx-qr-status">{view === 'refused' ? t('account.wechat.refused') : t('account.wechat.expired')}</strong>
              {view === 'refused' && <span className="wx-qr-sub">{t('account.wechat.refusedHint')}</span>}
              <Button type="primary" size="small" icon={<ReloadOutlined />} onClick={load} className="wx-refresh">
                {t('account.wechat.refresh')}
              </Button>
            </div>
          )}
        </div>
      )}
      {view === 'waiting' && (
        <p className="wx-status" role="status">
          <WechatOutlined /> {t('account.wechat.waiting')} <span className="muted">{t('account.wechat.validFor')}</span>
        </p>
      )}
      {provider === 'dev' && code && view === 'waiting' && (
        <a className="wx-dev-link" href={code.qrContent} target="_blank" rel="noreferrer">
          {t('account.wechat.devScan')}
        </a>
      )}
    </div>
  );
}

/** Binding WeChat: a QR code to scan; the modal closes itself once the poll sees the binding. */
export function WechatModal({
  open,
  provider,
  onBound,
  onCancel,
}: {
  open: boolean;
  provider: string;
  onBound: (nickname: string | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <AntdScope>
      <Modal
        open={open}
        title={t('account.wechat.modalTitle')}
        footer={null}
        onCancel={onCancel}
        destroyOnHidden
        centered
        width={380}
        className="account-modal wx-modal"
      >
        <WechatQr provider={provider} onBound={onBound} />
      </Modal>
    </AntdScope>
  );
}
