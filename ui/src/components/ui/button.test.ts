import { describe, expect, it } from 'vitest';
import { buttonLabel } from './button';

describe('buttonLabel', () => {
  it('spaces out a lone two-character Chinese label, as antd does', () => {
    expect(buttonLabel('保存', false)).toBe('保 存');
    expect(buttonLabel('删除', false)).toBe('删 除');
  });

  it('leaves longer labels, labels with an icon and other scripts alone', () => {
    expect(buttonLabel('保存标签', false)).toBe('保存标签');
    expect(buttonLabel('添加', true)).toBe('添加');
    expect(buttonLabel('Save', false)).toBe('Save');
  });
});
