import { Select, type SelectProps } from 'antd';

/**
 * antd's Select inside a Form.Item: the item's `aria-required` lands on the Select's outer box, where no role
 * allows it (axe-core: aria-allowed-attr); the label's mark says the field is required.
 */
export function FormSelect<V = string>({ 'aria-required': _required, ...props }: SelectProps<V> & { 'aria-required'?: unknown }) {
  void _required;
  return <Select<V> {...props} />;
}
