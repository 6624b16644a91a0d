import { Alert, App, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered } from '@/lib/call-errors';
import { isRepeatRefusal } from '@/lib/request-error';
import { accountErrorKey } from '@/components/recruit/errors';
import { getChatNotice, saveChatNotice, type ChatNoticeSetting } from './api/account';

/** 离线消息提醒: the member's switch for texts about chat messages left unread while away (saved at once). */
export function ChatNoticeCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [setting, setSetting] = useState<ChatNoticeSetting | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    getChatNotice().then(
      (s) => live && setSetting(answered(s)),
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, []);
  const onChange = async (on: boolean) => {
    setBusy(true);
    setError(null);
    try {
      setSetting(answered(await saveChatNotice(on)));
      message.success(t(on ? 'recruit.account.chatNoticeSavedOn' : 'recruit.account.chatNoticeSavedOff'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rc-card rc-form-card rc-narrow-form" data-testid="chat-notice-card">
      <h2 className="rc-side-title" id="chat-notice-title">
        {t('recruit.account.chatNotice')}
      </h2>
      <p className="rc-muted" id="chat-notice-hint">
        {t('recruit.account.chatNoticeHint')}
      </p>
      {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(accountErrorKey(error))} />}
      <Switch
        checked={setting?.on ?? false}
        disabled={!setting}
        loading={busy}
        onChange={onChange}
        aria-labelledby="chat-notice-title"
        aria-describedby="chat-notice-hint"
        data-testid="chat-notice-switch"
      />
    </div>
  );
}
