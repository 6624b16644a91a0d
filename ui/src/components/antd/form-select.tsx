import { Select, type SelectProps } from 'antd';
import { useLayoutEffect, useRef, type ReactElement } from 'react';

/**
 * The box that scrolls a long option list (rc-virtual-list's holder, around the listbox) in the Tab order,
 * so that it can be scrolled from the keyboard too (axe-core: scrollable-region-focusable). The arrows in
 * the select's own box move through the options already; the list keeps the focus from moving on a press
 * (rc-select prevents it), so a click still picks an option.
 */
function ScrollableOptions({ menu }: { menu: ReactElement }) {
  const box = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const holder = box.current?.querySelector<HTMLElement>('.rc-virtual-list-holder');
    if (holder && holder.tabIndex !== 0) holder.tabIndex = 0;
  });
  return <div ref={box}>{menu}</div>;
}

const popupRender = (menu: ReactElement) => <ScrollableOptions menu={menu} />;

/**
 * antd's Select for the recruiter and admin pages. Inside a Form.Item the item's `aria-required` lands on the
 * Select's outer box, where no role allows it (axe-core: aria-allowed-attr); the label's mark says the field
 * is required. Its option list, when it scrolls, can be scrolled from the keyboard (ScrollableOptions).
 */
export function FormSelect<V = string>({ 'aria-required': _required, ...props }: SelectProps<V> & { 'aria-required'?: unknown }) {
  void _required;
  return <Select<V> popupRender={popupRender} {...props} />;
}
