import { Form, Input, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '@/components/antd/form-select';

export interface ReasonValues {
  canned?: string;
  reason: string;
}

/**
 * A modal asking for a reason (required unless `optional`), with canned reasons to pick from when given;
 * `onOk` resolves to close it, rejects to keep it open.
 */
export function ReasonModal(props: {
  open: boolean;
  title: ReactNode;
  help?: ReactNode;
  canned?: { value: string; label: string }[];
  cannedLabel?: string;
  reasonLabel?: string;
  optional?: boolean;
  okDanger?: boolean;
  onOk: (values: ReasonValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReasonValues>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    // A field left wrong shows its message under it; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await props.onOk(values);
      form.resetFields();
    } catch {
      // the caller showed the error; the modal stays open
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={t('admin.common.ok')}
      cancelText={t('admin.common.cancel')}
      okButtonProps={{ danger: props.okDanger, loading: busy }}
      onOk={submit}
      onCancel={() => {
        form.resetFields();
        props.onCancel();
      }}
      destroyOnHidden
    >
      {props.help ? <p>{props.help}</p> : null}
      <Form form={form} layout="vertical" preserve={false}>
        {props.canned ? (
          <Form.Item name="canned" label={props.cannedLabel} rules={[{ required: true, message: t('admin.common.reasonRequired') }]}>
            <FormSelect options={props.canned} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="reason"
          label={props.reasonLabel ?? t('admin.common.reason')}
          rules={props.optional || props.canned ? [] : [{ required: true, whitespace: true, message: t('admin.common.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
