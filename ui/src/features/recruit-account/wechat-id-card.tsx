import { Alert, App, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { myWechat, setMyWechat } from '@/lib/api/chat';
import { wechatIdProblem } from '@/lib/core/rules';
import { isRepeatRefusal } from '@/lib/request-error';
import { accountErrorKey } from '@/components/recruit/errors';

/** The server's refusal as the card words it: the rule's key, or the account's words for the rest. */
function refusalKey(e: unknown): string {
  const message = (e as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message.includes('chat.wechatIdBad')) return 'recruit.account.wechatIdBad';
  return accountErrorKey(e);
}

/**
 * 微信号 on /recruit/account (issue 32): the WeChat id a candidate sees once they accept the member's 交换微信
 * (`/comchat/wechat`, `/comchat/setWechat`), checked by core-wasm's rule here and by the server again; empty removes it.
 */
export function WechatIdCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ wechatId: string }>();
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    myWechat('comchat').then(
      (id) => {
        if (!live) return;
        form.setFieldsValue({ wechatId: id });
        setLoaded(true);
      },
      (e) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [form]);

  const onFinish = async ({ wechatId }: { wechatId: string }) => {
    setBusy(true);
    setError(null);
    try {
      const saved = await setMyWechat('comchat', (wechatId ?? '').trim());
      form.setFieldsValue({ wechatId: saved });
      message.success(t(saved ? 'recruit.account.wechatIdSaved' : 'recruit.account.wechatIdRemoved'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rc-card rc-form-card rc-narrow-form" data-testid="wechat-id-card">
      <h2 className="rc-side-title">{t('recruit.account.wechatId')}</h2>
      <p className="rc-muted" id="wechat-id-hint">
        {t('recruit.account.wechatIdHint')}
      </p>
      {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(refusalKey(error))} data-testid="wechat-id-error" />}
      <Form form={form} name="wechatid" layout="vertical" requiredMark={false} onFinish={(v) => void onFinish(v)}>
        <Form.Item
          name="wechatId"
          label={t('recruit.account.wechatIdLabel')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                return text && wechatIdProblem(text) ? Promise.reject(new Error(t('recruit.account.wechatIdBad'))) : Promise.resolve();
              },
            },
          ]}
        >
          <Input maxLength={40} autoComplete="off" disabled={!loaded} aria-describedby="wechat-id-hint" data-testid="wechat-id-input" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} disabled={!loaded} data-testid="wechat-id-save">
          {t('recruit.account.wechatIdSave')}
        </Button>
      </Form>
    </div>
  );
}
