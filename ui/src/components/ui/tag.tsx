import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import type { HTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Icon } from './icon';
import { wave } from './wave';
import './ui.css';

interface Props extends HTMLAttributes<HTMLSpanElement> {
  /** One of antd's presets that ui.css draws (`ui-tag-<color>`): blue, processing, success, warning, cyan,
   *  green, orange, gold, red, error; `default` or none for the plain tag. */
  color?: string;
  icon?: ReactNode;
  /** A close icon (named for screen readers by `closeLabel`) that calls `onClose`. */
  closeLabel?: string;
  onClose?: () => void;
}

/** antd's Tag, drawn without antd (ui.css); a clickable tag waves when clicked, as antd's does. */
export function Tag({ color, icon, closeLabel, onClose, className, onClick, children, ...rest }: Props) {
  const classes = ['ui-tag', color && color !== 'default' ? `ui-tag-${color}` : '', className ?? ''].filter(Boolean).join(' ');
  const click = onClick
    ? (e: MouseEvent<HTMLSpanElement>) => {
        wave(e.currentTarget);
        onClick(e);
      }
    : undefined;
  return (
    <span {...rest} className={classes} onClick={click}>
      {icon}
      {icon ? children && <span>{children}</span> : children}
      {onClose && (
        <Icon
          svg={CloseOutlined}
          aria-label={closeLabel}
          tabIndex={-1}
          className="ui-tag-close-icon"
          onClick={(e) => {
            e.stopPropagation();
            onClose();
          }}
        />
      )}
    </span>
  );
}
