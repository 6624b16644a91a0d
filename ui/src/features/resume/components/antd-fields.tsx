import { Checkbox, DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { AntdScope } from '@/components/antd/scope';
import type { DateFieldProps, KeywordsFieldProps, MonthOrNowFieldProps, SelectFieldProps } from './choice-fields';

// antd's Select and DatePicker for a section's form, fetched when the user first acts on the page
// (choice-fields.tsx draws look-alikes until then). Each in its own scope; `width: 100%` is what
// antd's Form.Item gave them.

function asDay(value: string, format: string) {
  return value && dayjs(value, format).isValid() ? dayjs(value, format) : null;
}

export function AntdSelectField({ id, label, value, options, allowClear, status, onChange, onBlur, autoFocus, defaultOpen }: SelectFieldProps) {
  return (
    <AntdScope>
      <Select
        id={id}
        aria-label={label}
        value={value || undefined}
        allowClear={allowClear}
        showSearch
        optionFilterProp="label"
        options={options}
        status={status}
        onChange={(v?: string) => onChange(v ?? '')}
        onBlur={onBlur}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        style={{ width: '100%' }}
      />
    </AntdScope>
  );
}

export function AntdKeywordsField({ id, label, value, placeholder, status, onChange, onBlur, autoFocus }: KeywordsFieldProps) {
  return (
    <AntdScope>
      <Select
        id={id}
        aria-label={label}
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', '，']}
        value={value}
        status={status}
        onChange={(v: string[]) => onChange(v)}
        onBlur={onBlur}
        placeholder={placeholder}
        autoFocus={autoFocus}
        style={{ width: '100%' }}
      />
    </AntdScope>
  );
}

export function AntdDateField({ id, label, value, picker, status, onChange, onBlur, autoFocus, defaultOpen }: DateFieldProps) {
  const format = picker === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  return (
    <AntdScope>
      <DatePicker
        id={id}
        aria-label={label}
        picker={picker}
        format={format}
        value={asDay(value, format)}
        status={status}
        onChange={(d) => onChange(d ? d.format(format) : '')}
        onBlur={onBlur}
        autoFocus={autoFocus}
        defaultOpen={defaultOpen}
        style={{ width: '100%' }}
      />
    </AntdScope>
  );
}

export function AntdMonthOrNowField({ id, label, value, nowLabel, status, onChange, onBlur, autoFocus, defaultOpen }: MonthOrNowFieldProps) {
  const now = value === 'now';
  return (
    <AntdScope>
      <Space.Compact block className="month-or-now">
        <DatePicker
          id={id}
          aria-label={label}
          picker="month"
          format="YYYY-MM"
          disabled={now}
          value={now ? null : asDay(value, 'YYYY-MM')}
          status={status}
          onChange={(d) => onChange(d ? d.format('YYYY-MM') : '')}
          onBlur={onBlur}
          autoFocus={autoFocus}
          defaultOpen={defaultOpen}
          style={{ width: '100%' }}
        />
        <Checkbox className="to-date" checked={now} onChange={(e) => onChange(e.target.checked ? 'now' : '')}>
          {nowLabel}
        </Checkbox>
      </Space.Compact>
    </AntdScope>
  );
}
