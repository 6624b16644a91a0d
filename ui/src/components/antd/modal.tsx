import { Modal, type ModalProps } from 'antd';
import { AntdScope } from './scope';

/** antd's Modal in its scope; fetched through LazyModal. */
export default function ScopedModal(props: ModalProps) {
  return (
    <AntdScope>
      <Modal {...props} />
    </AntdScope>
  );
}
