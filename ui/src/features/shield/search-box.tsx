import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import { useRef, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Icon } from '@/components/ui/icon';
import '@/components/ui/ui.css';

interface Props {
  name: string;
  value: string;
  maxLength: number;
  placeholder: string;
  ariaLabel: string;
  buttonLabel: string;
  loading: boolean;
  className?: string;
  onChange: (value: string) => void;
  /** Enter or the button: search for what the box holds. */
  onSearch: (value: string) => void;
  /** The clear icon: the box is empty again. */
  onClear: () => void;
}

/**
 * antd's `<Input.Search allowClear enterButton="…">`, drawn without antd: a box with a clear icon (shown
 * while it holds text) joined to a primary button. Enter searches, unless it ends an IME composition or a
 * search is under way, as antd's does.
 */
export function SearchBox({ name, value, maxLength, placeholder, ariaLabel, buttonLabel, loading, className, onChange, onSearch, onClear }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter' || e.repeat || e.nativeEvent.isComposing || loading) return;
    onSearch(e.currentTarget.value);
  };
  const clear = () => {
    input.current?.focus();
    onChange('');
    onClear();
  };
  return (
    <div className={['ui-compact', 'shield-search-box', className ?? ''].filter(Boolean).join(' ')}>
      <span className="ui-input-affix-wrapper">
        <input
          ref={input}
          type="text"
          name={name}
          className="ui-input"
          value={value}
          maxLength={maxLength}
          placeholder={placeholder}
          aria-label={ariaLabel}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={keyDown}
        />
        <span className="ui-input-suffix">
          <button
            type="button"
            tabIndex={-1}
            className={value ? 'shield-clear-icon' : 'shield-clear-icon shield-clear-icon-hidden'}
            // Keep the focus in the box (no blur) when clearing it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={clear}
          >
            <Icon svg={CloseCircleFilled} />
          </button>
        </span>
      </span>
      <Button type="primary" className="shield-search-button" loading={loading} onClick={() => onSearch(input.current?.value ?? value)}>
        {buttonLabel}
      </Button>
    </div>
  );
}
