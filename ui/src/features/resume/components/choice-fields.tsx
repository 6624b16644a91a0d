import CalendarOutlined from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import datePickerEnUS from 'antd/es/date-picker/locale/en_US';
import datePickerZhCN from 'antd/es/date-picker/locale/zh_CN';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { onFirstActivity } from '@/components/antd/on-activity';
import { onDemand, prefetch } from '@/components/antd/on-demand';
import { Checkbox } from '@/components/ui/checkbox';
import { Icon } from '@/components/ui/icon';
import './choice-fields.css';

// A section's selects, tags and date pickers are antd's, which are large. Until they are fetched, each
// is drawn by a look-alike of its closed state; they are fetched at the user's first action on the
// page and then take the look-alikes' places. A look-alike the user reaches first (a click, a tab)
// asks for them at once and hands its focus, and its opening, to the real control when it comes.
const antdFields = onDemand(() => import('./antd-fields'));
onFirstActivity(() => prefetch(antdFields));

/** How the user reached a look-alike: the real control then takes the focus, and opens for a click. */
type Reached = 'no' | 'focus' | 'open';

function useReached(onBlur: () => void) {
  const [reached, setReached] = useState<Reached>('no');
  const reach = (how: Exclude<Reached, 'no'>) => {
    prefetch(antdFields);
    setReached((was) => (was === 'open' ? was : how));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(e.key)) {
      e.preventDefault();
      reach('open');
    }
  };
  // Left before the real control came: it must not take the focus back; the field counts as visited.
  const leave = () => {
    if (antdFields.current()) return; // the look-alike is being replaced, not left
    setReached('no');
    onBlur();
  };
  return {
    real: { autoFocus: reached !== 'no', defaultOpen: reached === 'open' },
    handlers: { onMouseDown: () => reach('open'), onFocus: () => reach('focus'), onKeyDown, onBlur: leave },
  };
}

interface Common {
  id: string;
  label: string;
  status?: 'error';
  onBlur: () => void;
  /** For the real control: take the focus, and open, when it comes. */
  autoFocus?: boolean;
  defaultOpen?: boolean;
}

export interface SelectFieldProps extends Common {
  value: string;
  options: { value: string; label: string }[];
  allowClear: boolean;
  onChange: (value: string) => void;
}

export interface KeywordsFieldProps extends Common {
  value: string[];
  placeholder: string;
  onChange: (value: string[]) => void;
}

export interface DateFieldProps extends Common {
  value: string;
  picker: 'month' | 'date';
  onChange: (value: string) => void;
}

export interface MonthOrNowFieldProps extends Common {
  /** 'YYYY-MM', or 'now'. */
  value: string;
  nowLabel: string;
  onChange: (value: string) => void;
}

const statusClass = (base: string, status?: 'error') => (status ? ` ${base}-status-${status}` : '');

/** A one-choice select (with search). */
export function SelectField(props: SelectFieldProps) {
  const loaded = antdFields.use();
  const { real, handlers } = useReached(props.onBlur);
  if (loaded) return <loaded.AntdSelectField {...props} {...real} />;
  const { id, label, value, options, status } = props;
  const shown = options.find((o) => o.value === value)?.label;
  return (
    <div className={`ui-select ui-select-single${statusClass('ui-select', status)}`} aria-label={label}>
      <div className="ui-select-selector">
        <span className="ui-select-selection-wrap">
          <span className="ui-select-selection-search">
            <input id={id} type="search" readOnly autoComplete="off" className="ui-select-selection-search-input" role="combobox" aria-expanded="false" aria-label={label} value="" {...handlers} />
          </span>
          {shown ? (
            <span className="ui-select-selection-item" title={shown}>
              {shown}
            </span>
          ) : (
            <span className="ui-select-selection-placeholder" />
          )}
        </span>
      </div>
      <span className="ui-select-arrow" aria-hidden="true">
        <Icon svg={DownOutlined} />
      </span>
    </div>
  );
}

/** Free keywords as tags (typed, split at commas). */
export function KeywordsField(props: KeywordsFieldProps) {
  const loaded = antdFields.use();
  const { real, handlers } = useReached(props.onBlur);
  if (loaded) return <loaded.AntdKeywordsField {...props} {...real} />;
  const { id, label, value, placeholder, status, onChange } = props;
  return (
    <div className={`ui-select ui-select-multiple${statusClass('ui-select', status)}`} aria-label={label}>
      <div className="ui-select-selector">
        <span className="ui-select-selection-wrap">
          <div className="ui-select-selection-overflow">
            {value.map((word) => (
              <div key={word} className="ui-select-selection-overflow-item">
                <span className="ui-select-selection-item" title={word}>
                  <span className="ui-select-selection-item-content">{word}</span>
                  <span className="ui-select-selection-item-remove" aria-hidden="true" onClick={() => onChange(value.filter((w) => w !== word))}>
                    <Icon svg={CloseOutlined} />
                  </span>
                </span>
              </div>
            ))}
            <div className="ui-select-selection-overflow-item ui-select-selection-overflow-item-suffix">
              <div className="ui-select-selection-search" style={{ width: 3 }}>
                <input id={id} type="search" readOnly autoComplete="off" className="ui-select-selection-search-input" role="combobox" aria-expanded="false" aria-label={label} value="" {...handlers} />
              </div>
            </div>
          </div>
          {value.length === 0 && <span className="ui-select-selection-placeholder">{placeholder}</span>}
        </span>
      </div>
    </div>
  );
}

// The placeholders antd's DatePicker shows in the page's language.
const PLACEHOLDERS = {
  'zh-CN': { month: datePickerZhCN.lang.monthPlaceholder, date: datePickerZhCN.lang.placeholder },
  'en-US': { month: datePickerEnUS.lang.monthPlaceholder, date: datePickerEnUS.lang.placeholder },
};

function PickerLookalike({ id, label, value, picker, status, disabled, handlers }: Pick<DateFieldProps, 'id' | 'label' | 'value' | 'picker' | 'status'> & { disabled?: boolean; handlers: ReturnType<typeof useReached>['handlers'] }) {
  const classes = ['ui-picker', statusClass('ui-picker', status).trim(), disabled ? 'ui-picker-disabled' : ''].filter(Boolean).join(' ');
  const { i18n } = useTranslation();
  const placeholder = (i18n.language === 'en-US' ? PLACEHOLDERS['en-US'] : PLACEHOLDERS['zh-CN'])[picker];
  return (
    <div className={classes}>
      <div className="ui-picker-input">
        <input id={id} readOnly disabled={disabled} autoComplete="off" aria-label={label} size={12} placeholder={placeholder} value={value} {...handlers} />
        <span className="ui-picker-suffix">
          <Icon svg={CalendarOutlined} />
        </span>
      </div>
    </div>
  );
}

/** A month or a day. */
export function DateField(props: DateFieldProps) {
  const loaded = antdFields.use();
  const { real, handlers } = useReached(props.onBlur);
  if (loaded) return <loaded.AntdDateField {...props} {...real} />;
  return <PickerLookalike {...props} handlers={handlers} />;
}

/** A month, or "to date" ticked beside it. */
export function MonthOrNowField(props: MonthOrNowFieldProps) {
  const loaded = antdFields.use();
  const { real, handlers } = useReached(props.onBlur);
  if (loaded) return <loaded.AntdMonthOrNowField {...props} {...real} />;
  const now = props.value === 'now';
  return (
    <div className="ui-compact-block month-or-now">
      <PickerLookalike {...props} picker="month" value={now ? '' : props.value} disabled={now} handlers={handlers} />
      <Checkbox className="to-date" checked={now} onChange={(checked) => props.onChange(checked ? 'now' : '')}>
        {props.nowLabel}
      </Checkbox>
    </div>
  );
}
