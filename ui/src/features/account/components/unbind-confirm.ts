import { Modal } from 'antd';
// Themes antd's static dialogs and gives them the site's locale (ConfigProvider.config).
import '@/components/antd/scope';

/** antd's confirmation before WeChat is unbound; fetched, with antd, when the user makes for the button. */
export function confirmUnbind({
  title,
  content,
  okText,
  cancelText,
  onOk,
}: {
  title: string;
  content: string;
  okText: string;
  cancelText: string;
  onOk: () => Promise<void>;
}): void {
  Modal.confirm({ title, content, okText, okButtonProps: { danger: true }, cancelText, className: 'wx-unbind-confirm', onOk });
}
