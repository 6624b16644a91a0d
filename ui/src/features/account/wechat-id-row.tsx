import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { authErrorKey } from '@/components/auth-form/login-error';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/text-input';
import { toast } from '@/components/ui/toast';
import { myWechat, setMyWechat } from '@/lib/api/chat';
import { isRepeatRefusal } from '@/lib/request-error';

/** core-wasm's WeChat id rule, fetched with the rules' wasm when first wanted (the page's first load leaves it out). */
async function wechatIdProblem(text: string): Promise<string | undefined> {
  const rules = await import('@/lib/core/rules');
  return rules.wechatIdProblem(text);
}

/** The server's refusal as the row words it: the rule's key, or the account screens' words for the rest. */
function refusalKey(e: unknown): string {
  const message = (e as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.includes('chat.wechatIdBad')) return 'account.wechatId.bad';
  return authErrorKey(e);
}

/**
 * 微信号 on /my/account (issue 32): the WeChat id chat's 交换微信 reveals once the other side agrees (`/chat/wechat`,
 * `/chat/setWechat`). Edited in place: core-wasm's rule is checked here before saving, and by the server again; empty
 * removes it.
 */
export function WechatIdRow({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();
  useEffect(() => {
    let live = true;
    myWechat('chat').then(
      (id) => live && setCurrent(id),
      // Not loaded: the row keeps its placeholder and no edit.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const start = () => {
    setText(current ?? '');
    setProblem(null);
    setEditing(true);
  };
  const save = async () => {
    const value = text.trim();
    const bad = value ? await wechatIdProblem(value) : undefined;
    if (bad) {
      setProblem('account.wechatId.bad');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const saved = await setMyWechat('chat', value);
      setCurrent(saved);
      setEditing(false);
      toast.success(t(saved ? 'account.wechatId.saved' : 'account.wechatId.removed'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setProblem(refusalKey(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="account-item" data-section="wechat-id">
      <div className="account-item-meta">
        <div className="account-item-avatar">
          <span className="account-icon account-icon-wechat">{icon}</span>
        </div>
        <div className="account-item-content">
          <h4 className="account-item-heading">
            <span className="account-item-title">
              <span className="account-item-name">{t('account.wechatId.title')}</span>
              <span className="account-item-value" data-testid="wechat-id-value">
                {current === null ? '' : current || <span className="muted">{t('account.wechatId.none')}</span>}
              </span>
            </span>
          </h4>
          <div className="account-item-desc" id={hintId}>
            {t('account.wechatId.desc')}
          </div>
          {editing && (
            <form
              className="account-wechat-id-form"
              onSubmit={(e) => {
                e.preventDefault();
                void save();
              }}
            >
              <label htmlFor={inputId} className="account-wechat-id-label">
                {t('account.wechatId.label')}
              </label>
              <TextInput
                id={inputId}
                value={text}
                onChange={(e) => setText(e.target.value)}
                status={problem ? 'error' : undefined}
                aria-invalid={problem ? true : undefined}
                aria-describedby={hintId}
                maxLength={40}
                autoComplete="off"
                autoFocus
                data-testid="wechat-id-input"
              />
              <Button type="primary" htmlType="submit" loading={busy} data-testid="wechat-id-save">
                {t('account.wechatId.save')}
              </Button>
              <Button onClick={() => setEditing(false)}>{t('account.cancel')}</Button>
              {problem && (
                <p className="account-wechat-id-problem" role="alert" data-testid="wechat-id-problem">
                  {t(problem)}
                </p>
              )}
            </form>
          )}
        </div>
      </div>
      <ul className="account-item-action">
        <li>
          {!editing && (
            <button type="button" className="ui-btn account-link" onClick={start} disabled={current === null} data-action="edit-wechat-id">
              <span>{current ? t('account.wechatId.change') : t('account.wechatId.set')}</span>
            </button>
          )}
        </li>
      </ul>
    </li>
  );
}
