import { Alert, App, Button, Col, Form, Input, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, registerCatalogue } from '@/i18n';
import { answered } from '@/lib/call-errors';
import { usePageTitle } from '@/lib/page-title';
import { isRepeatRefusal } from '@/lib/request-error';
import { useServerData } from '@/lib/use-server-data';
import { getFilters, type Label } from '@/lib/api/get-filters';
import { FormSelect } from '@/components/antd/form-select';
import type { Company } from '@/components/recruit/api/types';
import { PageHead } from '@/components/recruit/recruit-layout';
import { errorKey } from '@/components/recruit/errors';
import { useRecruiter } from '@/components/recruit/store';
import { getCompany, saveCompany } from './api/company';
import { CompanyPicturesEditor } from './company-pictures-editor';
import recruitCompanyCatalogue from './i18n';

registerCatalogue(recruitCompanyCatalogue);

type Fields = Omit<Company, 'id' | 'pictures' | 'licence' | 'review'>;

/** /recruit/company: the company's details as the public company page shows them; the owner edits, HR reads. */
export default function CompanyPage() {
  const { t } = useTranslation();
  usePageTitle(t('recruit.title.company'));
  const { message } = App.useApp();
  const member = useRecruiter((s) => s.member);
  const setMember = useRecruiter((s) => s.setMember);
  const owner = member?.role === 'owner';
  const [form] = Form.useForm<Fields>();
  const company = useServerData(() => getCompany(), []);
  const filters = useServerData(() => getFilters(), []);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  // A picture's upload answers the whole company; kept apart so it never resets the form's unsaved edits.
  const [withPictures, setWithPictures] = useState<Company | null>(null);
  const lang = currentLanguage();
  const options = (list: Label[] | undefined) => (list ?? []).map((l) => ({ value: l.value, label: lang === 'en-US' && l.en ? l.en : l.value }));

  useEffect(() => {
    if (company.data) form.setFieldsValue(company.data);
  }, [company.data, form]);

  const onFinish = async (values: Fields) => {
    setBusy(true);
    setError(null);
    try {
      answered(await saveCompany(values));
      message.success(t('recruit.company.saved'));
      if (member) setMember({ ...member, company: { ...member.company, name: values.name, shortName: values.shortName } });
    } catch (e) {
      if (!isRepeatRefusal(e)) setError(e);
    } finally {
      setBusy(false);
    }
  };

  const code = (error as { code?: unknown } | null)?.code;
  return (
    <div className="rc-page" data-testid="company-page">
      <PageHead title={t('recruit.title.company')} />
      <div className="rc-card rc-form-card">
        {!owner && <Alert className="rc-form-alert" type="info" showIcon message={t('recruit.company.readOnly')} data-testid="company-read-only" />}
        {company.status === 'failed' && <Alert type="error" showIcon message={t(errorKey(company.error))} />}
        {company.data?.review?.status === 'rejected' && (
          <Alert className="rc-form-alert" type="warning" showIcon message={t('recruit.company.rejected', { reason: company.data.review.reason })} data-testid="company-rejected" />
        )}
        {!!error && <Alert className="rc-form-alert" type="error" showIcon role="alert" message={t(errorKey(error))} data-testid="company-error" />}
        {company.status === 'loading' ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : (
          <Form<Fields> form={form} name="company" layout="vertical" onFinish={onFinish} disabled={!owner}>
            <Row gutter={16}>
              <Col xs={24} md={14}>
                <Form.Item
                  name="name"
                  label={t('recruit.company.name')}
                  validateStatus={code === 'COMPANY_NAME_EXISTS' ? 'error' : undefined}
                  help={code === 'COMPANY_NAME_EXISTS' ? t('recruit.errors.COMPANY_NAME_EXISTS') : undefined}
                  rules={[{ required: true, whitespace: true, message: t('recruit.v.required') }]}
                >
                  <Input maxLength={100} />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <Form.Item
                  name="shortName"
                  label={t('recruit.company.shortName')}
                  validateStatus={code === 'BRAND_EXISTS' ? 'error' : undefined}
                  help={code === 'BRAND_EXISTS' ? t('recruit.errors.BRAND_EXISTS') : undefined}
                >
                  <Input maxLength={30} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="industry" label={t('recruit.company.industry')}>
                  <FormSelect showSearch optionFilterProp="label" allowClear options={options(filters.data?.industries)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="city" label={t('recruit.company.city')}>
                  <FormSelect showSearch optionFilterProp="label" allowClear options={options(filters.data?.cities)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="companyType" label={t('recruit.company.companyType')}>
                  <FormSelect allowClear options={options(filters.data?.companyTypes)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="companySize" label={t('recruit.company.companySize')}>
                  <FormSelect allowClear options={options(filters.data?.companySizes)} placeholder={t('recruit.common.choose')} />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item name="address" label={t('recruit.company.address')}>
              <Input maxLength={200} />
            </Form.Item>
            <Form.Item name="intro" label={t('recruit.company.intro')}>
              <Input.TextArea rows={8} maxLength={5000} showCount />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={14}>
                <Form.Item name="videoUrl" label={t('recruit.company.videoUrl')} rules={[{ type: 'url', message: t('recruit.company.videoUrlInvalid') }]}>
                  <Input maxLength={500} placeholder="https://" inputMode="url" />
                </Form.Item>
              </Col>
              <Col xs={24} md={10}>
                <Form.Item name="videoTitle" label={t('recruit.company.videoTitle')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
            </Row>
            {owner && (
              <Button type="primary" htmlType="submit" size="large" loading={busy} data-testid="company-save">
                {t('recruit.company.save')}
              </Button>
            )}
          </Form>
        )}
      </div>
      {company.data && <CompanyPicturesEditor company={withPictures ?? company.data} editable={owner} onChange={setWithPictures} />}
    </div>
  );
}
