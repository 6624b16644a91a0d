import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CENTRE_PAGES } from '@/config/paths';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';

type Tree = { [k: string]: string | Tree };

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'pkg' || name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const src = join(__dirname, '..');
const literalKeys = new Set(
  sourceFiles(src).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)].map((m) => m[1])),
);
const dynamicKeys = [
  ...CENTRE_PAGES.flatMap((p) => [`menu.${p}`, `title.${p}`]),
  'menu.logout',
  ...['about', 'media', 'enterprise', 'legal', 'contact', 'join'].map((k) => `footer.${k}`),
  ...['LOGIN_FAILED', 'ACCOUNT_DISABLED', 'RATE_LIMITED', 'BAD_INPUT', 'network', 'generic'].map((k) => `login.errors.${k}`),
  ...['length', 'space', 'onlyDigits', 'onlyLetters'].map((k) => `password.${k}`),
  'lang.zh-CN',
  'lang.en-US',
];

describe('catalogues', () => {
  it('finds the keys the code uses', () => {
    expect(literalKeys.size).toBeGreaterThan(40);
  });

  it.each([...literalKeys, ...dynamicKeys])('%s is a string in both languages', (key) => {
    expect(typeof lookup(zhCN as unknown as Tree, key), `zh-CN ${key}`).toBe('string');
    expect(typeof lookup(enUS as unknown as Tree, key), `en-US ${key}`).toBe('string');
  });

  it('has the same keys in both languages', () => {
    expect(leaves(enUS as unknown as Tree).map(([k]) => k)).toEqual(leaves(zhCN as unknown as Tree).map(([k]) => k));
  });

  it('zh-CN texts are Chinese (except the language names)', () => {
    const notChinese = leaves(zhCN as unknown as Tree).filter(([k, v]) => k !== 'lang.en-US' && !/[\u4e00-\u9fff]/.test(v));
    expect(notChinese).toEqual([]);
  });

  it('en-US texts have no Chinese (except the language names)', () => {
    const chinese = leaves(enUS as unknown as Tree).filter(([k, v]) => k !== 'lang.zh-CN' && /[\u4e00-\u9fff]/.test(v));
    expect(chinese).toEqual([]);
  });
});
