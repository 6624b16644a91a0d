import type { DropdownProps, ModalProps, PopconfirmProps, PopoverProps, TooltipProps } from 'antd';
import { useEffect, type ReactElement } from 'react';
import { inLandmark } from './in-landmark';
import { onDemand, prefetch } from './on-demand';
import { OnDemandPopup } from './popup';

// antd pieces a light page shows only after a hover or a click: each fetched when first wanted.
const dropdown = onDemand(() => import('./dropdown'));
const popover = onDemand(() => import('./popover'));
const tooltip = onDemand(() => import('./tooltip'));
const popconfirm = onDemand(() => import('./popconfirm'));

type Child = { children: ReactElement };


/**
 * antd's Dropdown (hover), fetched on the first hover. A click also opens it, so Enter or Space on the
 * trigger opens it from the keyboard; Tab then moves into the menu, the arrows along it, Escape closes it
 * and returns the focus to the trigger (rc-dropdown).
 */
export function LazyDropdown({ children, ...props }: Omit<DropdownProps, 'open' | 'onOpenChange' | 'children'> & Child) {
  return (
    <OnDemandPopup
      module={dropdown}
      trigger="hover"
      keyboard="click"
      mouseEnterDelay={props.mouseEnterDelay ?? 0.15}
      mouseLeaveDelay={props.mouseLeaveDelay ?? 0.1}
      render={({ default: Dropdown }, state, child) => (
        <Dropdown trigger={['hover', 'click']} getPopupContainer={inLandmark} {...props} {...state}>
          {child}
        </Dropdown>
      )}
    >
      {children}
    </OnDemandPopup>
  );
}

/** antd's Popover (hover), fetched on the first hover; it also shows while its trigger has the keyboard focus. */
export function LazyPopover({ children, ...props }: Omit<PopoverProps, 'open' | 'onOpenChange' | 'children'> & Child) {
  return (
    <OnDemandPopup
      module={popover}
      trigger="hover"
      keyboard="focus"
      mouseEnterDelay={props.mouseEnterDelay ?? 0.1}
      mouseLeaveDelay={props.mouseLeaveDelay ?? 0.1}
      render={({ default: Popover }, state, child) => (
        <Popover trigger={['hover', 'focus']} getPopupContainer={inLandmark} {...props} {...state}>
          {child}
        </Popover>
      )}
    >
      {children}
    </OnDemandPopup>
  );
}

/** antd's Tooltip (hover), fetched on the first hover; it also shows while its trigger has the keyboard focus. */
export function LazyTooltip({ children, ...props }: Omit<TooltipProps, 'open' | 'onOpenChange' | 'children'> & Child) {
  return (
    <OnDemandPopup
      module={tooltip}
      trigger="hover"
      keyboard="focus"
      mouseEnterDelay={props.mouseEnterDelay ?? 0.1}
      mouseLeaveDelay={props.mouseLeaveDelay ?? 0.1}
      render={({ default: Tooltip }, state, child) => (
        <Tooltip trigger={['hover', 'focus']} {...props} {...state}>
          {child}
        </Tooltip>
      )}
    >
      {children}
    </OnDemandPopup>
  );
}

/** antd's Popconfirm, fetched on the first click of its button; the focus moves to its confirm button and back. */
export function LazyPopconfirm({ children, ...props }: Omit<PopconfirmProps, 'open' | 'onOpenChange' | 'children'> & Child) {
  return (
    <OnDemandPopup
      module={popconfirm}
      trigger="click"
      render={({ default: Popconfirm }, state, child) => (
        // Opened from the keyboard, the focus goes to its confirm button (Escape closes it, OnDemandPopup).
        <Popconfirm {...props} okButtonProps={{ autoFocus: true, ...props.okButtonProps }} {...state}>
          {child}
        </Popconfirm>
      )}
    >
      {children}
    </OnDemandPopup>
  );
}

const modal = onDemand(() => import('./modal'));

/** Starts fetching antd's Modal before it is needed, e.g. once there is something a dialog may have to ask about. */
export function prefetchModal(): void {
  prefetch(modal);
}

/** antd's Modal, fetched when it first opens (if not before); kept afterwards, so it closes as antd closes it. */
export function LazyModal(props: ModalProps) {
  const loaded = modal.use();
  useEffect(() => {
    if (props.open) prefetch(modal);
  }, [props.open]);
  if (!loaded) return null;
  const { default: Modal } = loaded;
  return <Modal {...props} />;
}
