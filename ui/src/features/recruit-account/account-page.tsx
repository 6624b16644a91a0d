import { LockOutlined } from '@ant-design/icons';
import { Alert, App, Button, Descriptions, Form, Input, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { answered } from '@/lib/call-errors';
import { maskMobile, MEMBER_NAME_MAX, MEMBER_TITLE_MAX } from '@/lib/core';
import { memberProfileProblem } from '@/lib/core/rules';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { registerCatalogue } from '@/i18n';
import { ConfirmField, normalizePassword, PasswordField } from '@/components/auth-form/fields';
import authFormCatalogue from '@/components/auth-form/i18n';
import { PageHead } from '@/components/recruit/recruit-layout';
import { accountErrorKey } from '@/components/recruit/errors';
import { recruitPaths } from '@/components/recruit/paths';
import { useRecruiter } from '@/components/recruit/store';
import { modifyPassword, saveProfile } from './api/account';
import { ChatNoticeCard } from './chat-notice-card';
import { WechatIdCard } from './wechat-id-card';
import recruitAccountCatalogue from './i18n';

registerCatalogue(authFormCatalogue);
registerCatalogue(recruitAccountCatalogue);

type Values = { oldPassword: string; password: string; confirmPassword: string };
type ProfileValues = { name: string; title: string; showActive: boolean };

/** The keys core-wasm's memberProfileProblem answers (core-wasm/src/company.rs), by field. */
const PROFILE_PROBLEMS = {
  name: ['recruit.account.nameRequired', 'recruit.account.nameTooLong'],
  title: ['recruit.account.titleTooLong'],
} as const;

/**
 * 对外展示: the name, title and active-status switch candidates see on the jobs the member answers for
 * (checked by core-wasm's memberProfileProblem, as the server checks them). A refused save keeps the edits.
 */
function ProfileCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const member = useRecruiter((s) => s.member);
  const setMember = useRecruiter((s) => s.setMember);
  const [form] = Form.useForm<ProfileValues>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  if (!member) return null;
  const limit = { name: MEMBER_NAME_MAX, title: MEMBER_TITLE_MAX };
  const check = (field: 'name' | 'title') => async () => {
    const { name = '', title = '' } = form.getFieldsValue();
    const key = memberProfileProblem(name, title);
    if (key && (PROFILE_PROBLEMS[field] as readonly string[]).includes(key)) throw new Error(t(key, { max: limit[field] }));
  };
  const onFinish = async (values: ProfileValues) => {
    setBusy(true);
    setError(null);
    try {
      setMember(answered(await saveProfile(values)));
      message.success(t('recruit.account.profileSaved'));
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="rc-card rc-form-card rc-narrow-form" data-testid="profile-card">
      <h2 className="rc-side-title">{t('recruit.account.profile')}</h2>
      <p className="rc-muted">{t('recruit.account.profileHint')}</p>
      {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(accountErrorKey(error))} />}
      <Form<ProfileValues>
        form={form}
        name="comprofile"
        layout="vertical"
        requiredMark={false}
        initialValues={{ name: member.name, title: member.title, showActive: member.showActive }}
        onFinish={onFinish}
      >
        <Form.Item name="name" label={t('recruit.account.name')} rules={[{ validator: check('name') }]}>
          <Input maxLength={MEMBER_NAME_MAX} autoComplete="name" data-testid="profile-name" />
        </Form.Item>
        <Form.Item name="title" label={t('recruit.account.jobTitle')} rules={[{ validator: check('title') }]}>
          <Input maxLength={MEMBER_TITLE_MAX} placeholder={t('recruit.account.jobTitlePlaceholder')} autoComplete="organization-title" data-testid="profile-title" />
        </Form.Item>
        <Form.Item name="showActive" label={t('recruit.account.showActive')} valuePropName="checked" extra={t('recruit.account.showActiveHint')}>
          <Switch data-testid="profile-show-active" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="profile-save">
          {t('recruit.account.saveProfile')}
        </Button>
      </Form>
    </div>
  );
}

/** /recruit/account: who is logged in, and a new password (which ends the member's other sessions). */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.account'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const member = useRecruiter((s) => s.member);
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  const onFinish = async (values: Values) => {
    setBusy(true);
    setError(null);
    try {
      answered(await modifyPassword(values));
      message.success(t('recruit.account.changed'));
      form.resetFields();
    } catch (e) {
      if (isRepeatRefusal(e)) return;
      if ((e as { status?: unknown }).status === 401) navigate(recruitPaths.login);
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="rc-page" data-testid="account-page">
      <PageHead title={t('recruit.title.account')} />
      {member && (
        <div className="rc-card">
          <h2 className="rc-side-title">{t('recruit.account.me')}</h2>
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label={t('recruit.account.name')}>{member.name || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('recruit.account.mobile')}>{maskMobile(member.mobile)}</Descriptions.Item>
            <Descriptions.Item label={t('recruit.account.role')}>{t(`recruit.role.${member.role}`)}</Descriptions.Item>
            <Descriptions.Item label={t('recruit.account.company')}>{member.company.name}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
      <ProfileCard />
      <WechatIdCard />
      <ChatNoticeCard />
      <div className="rc-card rc-form-card rc-narrow-form">
        <h2 className="rc-side-title">{t('recruit.account.changePassword')}</h2>
        {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(accountErrorKey(error))} />}
        <Form<Values> form={form} name="compassword" layout="vertical" requiredMark={false} onFinish={onFinish}>
          <Form.Item name="oldPassword" label={t('recruit.account.oldPassword')} normalize={normalizePassword} rules={[{ required: true, message: t('auth.errors.oldPasswordRequired') }]}>
            <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={20} />
          </Form.Item>
          <PasswordField label={t('recruit.account.newPassword')} placeholder={t('auth.fields.newPasswordPlaceholder')} />
          <ConfirmField />
          <Button type="primary" htmlType="submit" loading={busy} data-testid="password-save">
            {t('recruit.account.save')}
          </Button>
        </Form>
      </div>
    </div>
  );
}
