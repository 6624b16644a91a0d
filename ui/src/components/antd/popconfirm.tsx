import { Popconfirm, type PopconfirmProps } from 'antd';
import { AntdScope } from './scope';

/** antd's Popconfirm in its scope; fetched through LazyPopconfirm. */
export default function ScopedPopconfirm(props: PopconfirmProps) {
  return (
    <AntdScope>
      <Popconfirm {...props} />
    </AntdScope>
  );
}
