import { Popover, type PopoverProps } from 'antd';
import { AntdScope } from './scope';

/** antd's Popover in its scope; fetched through LazyPopover. */
export default function ScopedPopover(props: PopoverProps) {
  return (
    <AntdScope>
      <Popover {...props} />
    </AntdScope>
  );
}
