import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { AntdScope } from '@/components/antd/scope';

/** The dialog every account form opens in: antd's Modal in its scope, no footer (the form has its buttons),
 *  emptied when it closes, closed only by its own buttons or the close icon. */
export function FormModal({ open, title, onCancel, children }: { open: boolean; title: string; onCancel: () => void; children: ReactNode }) {
  return (
    <AntdScope>
      <Modal open={open} title={title} footer={null} onCancel={onCancel} destroyOnHidden maskClosable={false} className="account-modal">
        {children}
      </Modal>
    </AntdScope>
  );
}
