import { Dropdown, type DropdownProps } from 'antd';
import { AntdScope } from './scope';

/** antd's Dropdown in its scope; fetched through LazyDropdown. */
export default function ScopedDropdown(props: DropdownProps) {
  return (
    <AntdScope>
      <Dropdown {...props} />
    </AntdScope>
  );
}
