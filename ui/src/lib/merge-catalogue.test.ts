import { describe, expect, it } from 'vitest';
import { mergeCatalogue } from './merge-catalogue';

describe('mergeCatalogue', () => {
  it('lays the keys of one tree into the other', () => {
    expect(mergeCatalogue({ 'zh-CN': { a: { b: '乙' } } }, { 'zh-CN': { a: { c: '丙' } } })).toEqual({ 'zh-CN': { a: { b: '乙', c: '丙' } } });
  });
  it('refuses a key in both', () => {
    expect(() => mergeCatalogue({ 'zh-CN': { a: { b: '乙' } } }, { 'zh-CN': { a: { b: '丙' } } })).toThrow('a.b');
  });
});
