import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { answered, authErrorKey } from '@/components/auth-form/login-error';
import { toast } from '@/components/ui/toast';
import { isRepeatRefusal } from '@/lib/request-error';
import { getChatNotice, saveChatNotice, type ChatNoticeSetting } from './api/chat-notice';

/** The 离线消息提醒 switch of /my/account: its setting (null until loaded) and a toggle that saves at once. */
export function useChatNotice() {
  const { t } = useTranslation();
  const [setting, setSetting] = useState<ChatNoticeSetting | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    getChatNotice().then(
      (s) => live && setSetting(answered(s)),
      // Not loaded: the row keeps its placeholder and no toggle.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  const toggle = async () => {
    if (!setting || busy) return;
    setBusy(true);
    try {
      const next = answered(await saveChatNotice(!setting.on));
      setSetting(next);
      toast.success(t(next.on ? 'account.chatNotice.savedOn' : 'account.chatNotice.savedOff'));
    } catch (e) {
      if (!isRepeatRefusal(e)) toast.error(t(authErrorKey(e)));
    } finally {
      setBusy(false);
    }
  };
  return { setting, busy, toggle };
}
