import LoadingOutlined from '@ant-design/icons-svg/es/asn/LoadingOutlined';
import { forwardRef, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { Icon } from './icon';
import { wave } from './wave';
import './ui.css';

interface Props extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'default' | 'primary';
  htmlType?: 'button' | 'submit';
  danger?: boolean;
  size?: 'small';
  icon?: ReactNode;
  loading?: boolean;
}

const TWO_CN_CHARS = /^[\u4E00-\u9FA5]{2}$/;

/** The label as antd writes it: a lone two-character Chinese label without an icon is spaced out, 保 存. */
export function buttonLabel(children: ReactNode, hasIcon: boolean): ReactNode {
  return !hasIcon && typeof children === 'string' && TWO_CN_CHARS.test(children) ? children.split('').join(' ') : children;
}

/** antd's Button, drawn without antd: the same look (ui.css), the space antd puts between two Chinese characters, the click wave. */
export const Button = forwardRef<HTMLButtonElement, Props>(function Button(
  { type = 'default', htmlType = 'button', danger, size, icon, loading, disabled, className, onClick, children, ...rest },
  ref,
) {
  const hasText = children !== undefined && children !== null && children !== false;
  const classes = [
    'ui-btn',
    `ui-btn-${type}`,
    danger ? 'ui-btn-dangerous' : '',
    size === 'small' ? 'ui-btn-sm' : '',
    !hasText && (icon || loading) ? 'ui-btn-icon-only' : '',
    loading ? 'ui-btn-loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const click = (e: MouseEvent<HTMLButtonElement>) => {
    if (loading || disabled) {
      e.preventDefault();
      return;
    }
    wave(e.currentTarget);
    onClick?.(e);
  };
  const shownIcon = loading ? (
    <span className={icon ? 'ui-btn-icon' : 'ui-btn-icon ui-btn-loading-grow'}>
      <Icon svg={LoadingOutlined} />
    </span>
  ) : (
    icon && <span className="ui-btn-icon">{icon}</span>
  );
  return (
    <button {...rest} ref={ref} type={htmlType} className={classes} disabled={disabled} onClick={click}>
      {shownIcon}
      {hasText && <span>{buttonLabel(children, Boolean(icon))}</span>}
    </button>
  );
});
