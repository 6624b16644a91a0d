import { LockOutlined, MailOutlined, MobileOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, App, Button, List, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageCard } from '@/components/ui/page-card';
import authCatalogue from '@/features/auth/i18n';
import { answered, authErrorKey } from '@/features/auth/login-error';
import { registerCatalogue } from '@/i18n';
import { useAuth } from '@/lib/auth';
import { maskMobile, type User } from '@/lib/core';
import { isRepeatRefusal } from '@/lib/request-error';
import { getAccountInfo, type AccountInfo } from './api/get-account-info';
import { getWeiXinSetting, type WeiXinSetting } from './api/get-weixin-setting';
import { unBindWx } from './api/un-bind-wx';
import { EmailModal } from './components/email-modal';
import { MobileModal } from './components/mobile-modal';
import { PasswordModal } from './components/password-modal';
import { WechatModal } from './components/wechat-modal';
import accountCatalogue from './i18n';
import './account.css';

registerCatalogue(authCatalogue);
registerCatalogue(accountCatalogue);

type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; key: string };
type Dialog = 'mobile' | 'password' | 'email' | 'wechat' | null;

function Section({
  id,
  icon,
  title,
  value,
  desc,
  actions,
}: {
  id: string;
  icon: ReactNode;
  title: string;
  value: ReactNode;
  desc: string;
  actions: ReactNode[];
}) {
  return (
    <List.Item className="account-item" data-section={id} actions={actions}>
      <List.Item.Meta
        avatar={<span className={`account-icon account-icon-${id}`}>{icon}</span>}
        title={
          <span className="account-item-title">
            <span className="account-item-name">{title}</span>
            <span className="account-item-value">{value}</span>
          </span>
        }
        description={desc}
      />
    </List.Item>
  );
}

/** /my/account: login mobile, password, email and WeChat, each changed in a modal. Kept alive. */
export default function AccountPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const user = useAuth((s) => s.user);
  const setUser = useAuth((s) => s.setUser);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [info, setInfo] = useState<AccountInfo | null>(null);
  const [wx, setWx] = useState<WeiXinSetting | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const turn = useRef(0);

  // Kept alive: when another menu page shows, no dialog of ours stays open over it (nor polls).
  const { pathname } = useLocation();
  const shown = /\/my\/account\/?$/.test(pathname);
  useEffect(() => {
    if (!shown) setDialog(null);
  }, [shown]);

  const fetchAll = useCallback(() => {
    const mine = ++turn.current;
    setLoad({ state: 'loading' });
    Promise.all([getAccountInfo().then(answered), getWeiXinSetting().then(answered)]).then(
      ([account, setting]) => {
        if (mine !== turn.current) return;
        setInfo(account);
        setWx(setting);
        setLoad({ state: 'ready' });
      },
      (e: unknown) => {
        if (isRepeatRefusal(e) || mine !== turn.current) return;
        setLoad({ state: 'failed', key: authErrorKey(e) });
      },
    );
  }, []);

  useEffect(fetchAll, [fetchAll]);

  const refreshWx = () => {
    getWeiXinSetting().then(
      (setting) => setting && setWx(setting),
      () => {
        // The last known state stays on screen.
      },
    );
  };

  const onMobileChanged = (record: User) => {
    setDialog(null);
    // The header and every other screen read the user from the store.
    setUser(record);
    setInfo((i) => (i ? { ...i, mobile: record.mobile } : i));
    message.success(t('account.phone.done', { mobile: maskMobile(record.mobile) }));
  };

  const onPasswordChanged = () => {
    const wasSet = info?.hasPassword ?? user?.hasPassword ?? false;
    setDialog(null);
    setInfo((i) => (i ? { ...i, hasPassword: true } : i));
    if (user && !user.hasPassword) setUser({ ...user, hasPassword: true });
    message.success(wasSet ? t('account.pwd.done') : t('account.pwd.doneSet'));
  };

  const onEmailBound = (email: string) => {
    setDialog(null);
    setInfo((i) => (i ? { ...i, email } : i));
    message.success(t('account.email.done'));
  };

  const onWxBound = (nickname: string | null) => {
    setDialog(null);
    setWx((w) => ({ provider: w?.provider ?? 'dev', bound: true, nickname }));
    message.success(t('account.wechat.done'));
    refreshWx();
  };

  const onUnbind = () => {
    modal.confirm({
      title: t('account.wechat.unbindTitle'),
      content: t('account.wechat.unbindText'),
      okText: t('account.wechat.unbindOk'),
      okButtonProps: { danger: true },
      cancelText: t('account.cancel'),
      className: 'wx-unbind-confirm',
      onOk: async () => {
        try {
          answered(await unBindWx());
          setWx((w) => (w ? { ...w, bound: false, nickname: null } : w));
          message.success(t('account.wechat.unbound'));
        } catch (e) {
          if (isRepeatRefusal(e)) return;
          message.error(t(authErrorKey(e)));
          refreshWx();
        }
      },
    });
  };

  // What the user record already tells (mobile, password) shows at once; the rest as it comes.
  const shownInfo: AccountInfo = info ?? {
    mobile: user?.mobile || null,
    email: null,
    hasPassword: user?.hasPassword ?? false,
    name: user?.name ?? '',
  };
  const ready = load.state === 'ready' && !!info && !!wx;
  const pending = <Skeleton.Input active size="small" className="account-pending" />;

  const notBound = <span className="muted">{t('account.notBound')}</span>;

  return (
    <PageCard title={t('title.account')}>
      <p className="page-intro">{t('account.intro')}</p>
      {load.state === 'failed' && (
        <Alert
          className="account-load-failed"
          type="warning"
          showIcon
          role="alert"
          message={t('account.loadFailed')}
          description={t(load.key)}
          action={
            <Button size="small" onClick={fetchAll}>
              {t('account.retry')}
            </Button>
          }
        />
      )}
      <List className="account-list" itemLayout="horizontal" data-ready={ready ? 'true' : 'false'}>
        <Section
          id="mobile"
          icon={<MobileOutlined />}
          title={t('account.phone.title')}
          value={shownInfo.mobile ? <span className="account-mobile">{maskMobile(shownInfo.mobile)}</span> : notBound}
          desc={t('account.phone.desc')}
          actions={[
            <Button key="change" type="link" onClick={() => setDialog('mobile')} data-action="change-mobile">
              {shownInfo.mobile ? t('account.phone.change') : t('account.phone.bind')}
            </Button>,
          ]}
        />
        <Section
          id="password"
          icon={<LockOutlined />}
          title={t('account.pwd.title')}
          value={
            shownInfo.hasPassword ? (
              <Tag color="success" bordered={false}>
                {t('account.passwordSet')}
              </Tag>
            ) : (
              <Tag color="warning" bordered={false}>
                {t('account.passwordUnset')}
              </Tag>
            )
          }
          desc={shownInfo.hasPassword ? t('account.pwd.descSet') : t('account.pwd.descUnset')}
          actions={[
            <Button key="change" type="link" onClick={() => setDialog('password')} data-action="change-password">
              {shownInfo.hasPassword ? t('account.pwd.change') : t('account.pwd.set')}
            </Button>,
          ]}
        />
        <Section
          id="email"
          icon={<MailOutlined />}
          title={t('account.email.title')}
          value={!ready ? pending : shownInfo.email ? <span className="account-email">{shownInfo.email}</span> : notBound}
          desc={t('account.email.desc')}
          actions={[
            <Button key="change" type="link" onClick={() => setDialog('email')} data-action="change-email" disabled={!ready}>
              {shownInfo.email ? t('account.email.change') : t('account.email.bind')}
            </Button>,
          ]}
        />
        <Section
          id="wechat"
          icon={<WechatOutlined />}
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
          actions={[
            wx?.bound ? (
              <Button key="unbind" type="link" danger onClick={onUnbind} data-action="unbind-wechat">
                {t('account.wechat.unbind')}
              </Button>
            ) : (
              <Button key="bind" type="link" onClick={() => setDialog('wechat')} data-action="bind-wechat" disabled={!wx}>
                {t('account.wechat.bind')}
              </Button>
            ),
          ]}
        />
      </List>

      <MobileModal open={dialog === 'mobile'} current={shownInfo.mobile} onDone={onMobileChanged} onCancel={() => setDialog(null)} />
      <PasswordModal open={dialog === 'password'} hasPassword={shownInfo.hasPassword} onDone={onPasswordChanged} onCancel={() => setDialog(null)} />
      <EmailModal open={dialog === 'email'} current={shownInfo.email} onDone={onEmailBound} onCancel={() => setDialog(null)} />
      <WechatModal open={dialog === 'wechat'} provider={wx?.provider ?? 'official'} onBound={onWxBound} onCancel={() => setDialog(null)} />
    </PageCard>
  );
}
