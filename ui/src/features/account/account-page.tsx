import BellOutlined from '@ant-design/icons-svg/es/asn/BellOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import WechatOutlined from '@ant-design/icons-svg/es/asn/WechatOutlined';
import { useEffect, useState, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { onDemand, prefetch, type OnDemand } from '@/components/antd/on-demand';
import authFormCatalogue from '@/components/auth-form/i18n';
import { answered, authErrorKey } from '@/components/auth-form/login-error';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import { PageCard } from '@/components/ui/page-card';
import { Tag } from '@/components/ui/tag';
import { toast } from '@/components/ui/toast';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { maskMobile, type User } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { getAccountInfo, type AccountInfo } from './api/get-account-info';
import { getWeiXinSetting, type WeiXinSetting } from './api/get-weixin-setting';
import { unBindWx } from './api/un-bind-wx';
import accountCatalogue from './i18n';
import { useChatNotice } from './use-chat-notice';
import { WechatIdRow } from './wechat-id-row';
import './account.css';

// The four dialogs and the unbinding confirmation are antd's (Form, Modal), which the page's first load
// leaves out: each is fetched, with antd, when the user points at its button or opens it.
const mobileModal = onDemand(() => import('./components/mobile-modal'));
const passwordModal = onDemand(() => import('./components/password-modal'));
const emailModal = onDemand(() => import('./components/email-modal'));
const wechatModal = onDemand(() => import('./components/wechat-modal'));
const unbindConfirm = onDemand(() => import('./components/unbind-confirm'));

registerCatalogue(authFormCatalogue);
registerCatalogue(accountCatalogue);

type Dialog = 'mobile' | 'password' | 'email' | 'wechat' | null;

/** antd's link Button, drawn without antd (account.css): no wave and no space between two Chinese characters, as antd's link. */
function LinkButton({
  danger,
  module,
  className,
  onPointerEnter,
  onFocus,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { danger?: boolean; module?: OnDemand<unknown> }) {
  return (
    <button
      type="button"
      {...rest}
      className={['ui-btn', 'account-link', danger ? 'account-link-danger' : '', className ?? ''].filter(Boolean).join(' ')}
      // What the button opens is fetched as soon as the user makes for it.
      onPointerEnter={(e) => {
        if (module) prefetch(module);
        onPointerEnter?.(e);
      }}
      onFocus={(e) => {
        if (module) prefetch(module);
        onFocus?.(e);
      }}
    />
  );
}

/** One row, drawn as antd's List.Item with its Meta (account.css). */
function Section({
  id,
  icon,
  title,
  value,
  desc,
  action,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  value: ReactNode;
  desc: string;
  action: ReactNode;
}) {
  return (
    <li className="account-item" data-section={id}>
      <div className="account-item-meta">
        <div className="account-item-avatar">
          <span className={`account-icon account-icon-${id}`}>{icon}</span>
        </div>
        <div className="account-item-content">
          <h4 className="account-item-heading">
            <span className="account-item-title">
              <span className="account-item-name">{title}</span>
              <span className="account-item-value">{value}</span>
            </span>
          </h4>
          <div className="account-item-desc">{desc}</div>
        </div>
      </div>
      <ul className="account-item-action">
        <li>{action}</li>
      </ul>
    </li>
  );
}

/** /my/account: login mobile, password, email and WeChat, each changed in a modal. Kept alive. */
export default function AccountPage() {
  const { t } = useTranslation();
  const user = useAuth((s) => s.user);
  const setUser = useAuth((s) => s.setUser);
  const load = useServerData(
    () => Promise.all([getAccountInfo().then(answered), getWeiXinSetting().then(answered)]).then(([info, wx]) => ({ info, wx })),
    [],
  );
  const info: AccountInfo | null = load.data?.info ?? null;
  const wx: WeiXinSetting | null = load.data?.wx ?? null;
  const setInfo = (update: (i: AccountInfo) => AccountInfo) => load.setData((d) => d && { ...d, info: update(d.info) });
  const setWx = (update: (w: WeiXinSetting) => WeiXinSetting) => load.setData((d) => d && { ...d, wx: update(d.wx) });
  const [dialog, setDialog] = useState<Dialog>(null);
  const chatNotice = useChatNotice();

  // Kept alive: when another menu page shows, no dialog of ours stays open over it (nor polls).
  const { pathname } = useLocation();
  const shown = /\/my\/account\/?$/.test(pathname);
  useEffect(() => {
    if (!shown) setDialog(null);
  }, [shown]);

  const refreshWx = () => {
    getWeiXinSetting().then(
      (setting) => setting && setWx(() => setting),
      () => {
        // The last known state stays on screen.
      },
    );
  };

  const onMobileChanged = (record: User) => {
    setDialog(null);
    // The header and every other screen read the user from the store.
    setUser(record);
    setInfo((i) => ({ ...i, mobile: record.mobile }));
    toast.success(t('account.phone.done', { mobile: maskMobile(record.mobile) }));
  };

  const onPasswordChanged = () => {
    const wasSet = info?.hasPassword ?? user?.hasPassword ?? false;
    setDialog(null);
    setInfo((i) => ({ ...i, hasPassword: true }));
    if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
    toast.success(wasSet ? t('account.pwd.done') : t('account.pwd.doneSet'));
  };

  const onEmailBound = (email: string) => {
    setDialog(null);
    setInfo((i) => ({ ...i, email }));
    toast.success(t('account.email.done'));
  };

  const onWxBound = (nickname: string | null) => {
    setDialog(null);
    setWx((w) => ({ provider: w.provider, bound: true, nickname }));
    toast.success(t('account.wechat.done'));
    refreshWx();
  };

  const onUnbind = () => {
    unbindConfirm.load().then(
      ({ confirmUnbind }) =>
        confirmUnbind({
          title: t('account.wechat.unbindTitle'),
          content: t('account.wechat.unbindText'),
          okText: t('account.wechat.unbindOk'),
          cancelText: t('account.cancel'),
          onOk: async () => {
            try {
              answered(await unBindWx());
              setWx((w) => ({ ...w, bound: false, nickname: null }));
              toast.success(t('account.wechat.unbound'));
            } catch (e) {
              if (isRepeatRefusal(e)) return;
              toast.error(t(authErrorKey(e)));
              refreshWx();
            }
          },
        }),
      // Offline: nothing opens; the next click tries again.
      () => undefined,
    );
  };

  const open = (which: Exclude<Dialog, null>, module: OnDemand<unknown>) => () => {
    prefetch(module);
    setDialog(which);
  };
  const close = () => setDialog(null);
  const Mobile = mobileModal.use()?.MobileModal;
  const Password = passwordModal.use()?.PasswordModal;
  const Email = emailModal.use()?.EmailModal;
  const Wechat = wechatModal.use()?.WechatModal;

  // What the user record already tells (mobile, password) shows at once; the rest as it comes.
  const shownInfo: AccountInfo = info ?? {
    mobile: user?.mobile || null,
    email: null,
    hasPassword: user?.hasPassword ?? false,
    name: user?.name ?? '',
  };
  const ready = load.status === 'ready' && !!info && !!wx;
  const pending = (
    <span className="account-pending">
      <span className="account-pending-bar" />
    </span>
  );

  const notBound = <span className="muted">{t('account.notBound')}</span>;

  return (
    <PageCard title={t('title.account')}>
      <p className="page-intro">{t('account.intro')}</p>
      {load.status === 'failed' && (
        <Alert
          className="account-load-failed"
          type="warning"
          message={t('account.loadFailed')}
          description={t(authErrorKey(load.error))}
          action={
            <Button size="small" onClick={() => load.reload()}>
              {t('account.retry')}
            </Button>
          }
        />
      )}
      <div className="account-list" data-ready={ready ? 'true' : 'false'}>
        <ul className="account-items">
          <Section
            id="mobile"
            icon={<Icon svg={MobileOutlined} />}
            title={t('account.phone.title')}
            value={shownInfo.mobile ? <span className="account-mobile">{maskMobile(shownInfo.mobile)}</span> : notBound}
            desc={t('account.phone.desc')}
            action={
              <LinkButton module={mobileModal} onClick={open('mobile', mobileModal)} data-action="change-mobile">
                <span>{shownInfo.mobile ? t('account.phone.change') : t('account.phone.bind')}</span>
              </LinkButton>
            }
          />
          <Section
            id="password"
            icon={<Icon svg={LockOutlined} />}
            title={t('account.pwd.title')}
            value={
              shownInfo.hasPassword ? (
                <Tag color="success" className="account-tag">
                  {t('account.passwordSet')}
                </Tag>
              ) : (
                <Tag color="warning" className="account-tag">
                  {t('account.passwordUnset')}
                </Tag>
              )
            }
            desc={shownInfo.hasPassword ? t('account.pwd.descSet') : t('account.pwd.descUnset')}
            action={
              <LinkButton module={passwordModal} onClick={open('password', passwordModal)} data-action="change-password">
                <span>{shownInfo.hasPassword ? t('account.pwd.change') : t('account.pwd.set')}</span>
              </LinkButton>
            }
          />
          <Section
            id="email"
            icon={<Icon svg={MailOutlined} />}
            title={t('account.email.title')}
            value={!ready ? pending : shownInfo.email ? <span className="account-email">{shownInfo.email}</span> : notBound}
            desc={t('account.email.desc')}
            action={
              <LinkButton module={emailModal} onClick={open('email', emailModal)} data-action="change-email" disabled={!ready}>
                <span>{shownInfo.email ? t('account.email.change') : t('account.email.bind')}</span>
              </LinkButton>
            }
          />
          <Section
            id="wechat"
            icon={<Icon svg={WechatOutlined} />}
            title={t('account.wechat.title')}
            value={
              !wx ? (
                pending
              ) : wx.bound ? (
                <span className="account-wx-bound">{t('account.wechat.bound', { nickname: wx.nickname ?? '' })}</span>
              ) : (
                notBound
              )
            }
            desc={t('account.wechat.desc')}
            action={
              wx?.bound ? (
                <LinkButton key="unbind" danger module={unbindConfirm} onClick={onUnbind} data-action="unbind-wechat">
                  <span>{t('account.wechat.unbind')}</span>
                </LinkButton>
              ) : (
                <LinkButton key="bind" module={wechatModal} onClick={open('wechat', wechatModal)} data-action="bind-wechat" disabled={!wx}>
                  <span>{t('account.wechat.bind')}</span>
                </LinkButton>
              )
            }
          />
          <WechatIdRow icon={<Icon svg={WechatOutlined} />} />
          <Section
            id="chat-notice"
            icon={<Icon svg={BellOutlined} />}
            title={t('account.chatNotice.title')}
            value={
              !chatNotice.setting ? (
                pending
              ) : (
                <span className="account-chat-notice">
                  <Tag color={chatNotice.setting.on ? 'success' : 'default'} className="account-tag">
                    {chatNotice.setting.on ? t('account.chatNotice.on') : t('account.chatNotice.off')}
                  </Tag>
                  {chatNotice.setting.on && <span className="muted">{t(`account.chatNotice.${chatNotice.setting.channel === 'wechat' ? 'wechat' : chatNotice.setting.channel === 'mail' ? 'mail' : 'none'}`)}</span>}
                </span>
              )
            }
            desc={t('account.chatNotice.desc')}
            action={
              <LinkButton
                role="switch"
                aria-checked={chatNotice.setting?.on ?? false}
                aria-label={t('account.chatNotice.title')}
                onClick={chatNotice.toggle}
                disabled={!chatNotice.setting || chatNotice.busy}
                data-action="toggle-chat-notice"
              >
                <span>{chatNotice.setting?.on ? t('account.chatNotice.turnOff') : t('account.chatNotice.turnOn')}</span>
              </LinkButton>
            }
          />
        </ul>
      </div>

      {/* Each dialog is drawn from when its module has come (it stays, so it closes as antd closes it). */}
      {Mobile && <Mobile open={dialog === 'mobile'} current={shownInfo.mobile} hasPassword={shownInfo.hasPassword} onDone={onMobileChanged} onCancel={close} />}
      {Password && <Password open={dialog === 'password'} hasPassword={shownInfo.hasPassword} onDone={onPasswordChanged} onCancel={close} />}
      {Email && <Email open={dialog === 'email'} current={shownInfo.email} onDone={onEmailBound} onCancel={close} />}
      {Wechat && <Wechat open={dialog === 'wechat'} provider={wx?.provider ?? 'official'} onBound={onWxBound} onCancel={close} />}
    </PageCard>
  );
}
