import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CENTRE_PAGES } from '@/config/paths';
import { callErrorKeys } from '@/lib/call-errors';
import enUS from './locales/en-US';
import zhCN from './locales/zh-CN';

// One check over every catalogue: the app's and each feature's (registered when the feature loads).
type Tree = { [k: string]: string | Tree };
type Bundles = Record<'zh-CN' | 'en-US', Tree>;
const LANGS = ['zh-CN', 'en-US'] as const;

const featureCatalogues = Object.entries(
  import.meta.glob<Bundles>(['../features/*/i18n.ts', '../components/*/i18n.ts'], { eager: true, import: 'default' }),
);
const catalogues: [string, Bundles][] = [['app', { 'zh-CN': zhCN as unknown as Tree, 'en-US': enUS as unknown as Tree }], ...featureCatalogues];

function lookup(tree: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Tree)[part] : undefined), tree);
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)));
}

function merged(lang: (typeof LANGS)[number]): Map<string, string> {
  return new Map(catalogues.flatMap(([, c]) => leaves(c[lang])));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'pkg' || name === 'locales' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'i18n.ts' ? [path] : [];
  });
}

const code = sourceFiles(join(__dirname, '..')).map((file) => readFileSync(file, 'utf8'));
/** Keys the code asks for by name: `t('x.y')`, `key: 'x.y'`, `titleKey: 'x.y'`. */
const namedKeys = new Set(
  code.flatMap((text) => [...text.matchAll(/(?:\bt\(\s*|\b(?:key|titleKey|labelKey|messageKey): )'([a-zA-Z0-9_-]+(?:\.[a-zA-Z0-9_-]+)+)'/g)].map((m) => m[1])),
);
/** Every quoted string in the code (and JSX attribute value), and the fixed beginnings of keys built in template literals. */
const quoted = new Set(code.flatMap((text) => [...text.matchAll(/'([a-zA-Z0-9_.-]+)'|="([a-zA-Z0-9_.-]+)"/g)].map((m) => m[1] ?? m[2])));
const templatePrefixes = code.flatMap((text) => [...text.matchAll(/`([a-zA-Z0-9_-]+\.(?:[a-zA-Z0-9_-]+\.)*)\$\{/g)].map((m) => m[1]));

/** Keys built at run time, from lists the code holds. */
const dynamicKeys = [
  ...CENTRE_PAGES.flatMap((p) => [`menu.${p}`, `title.${p}`]),
  ...Object.entries(import.meta.glob<readonly string[]>(['../features/*/errors.ts', '../components/*/errors.ts'], { eager: true, import: 'OWN_ERROR_CODES' })).flatMap(
    ([path, own]) => callErrorKeys(path.split('/')[2], own),
  ),
  'lang.zh-CN',
  'lang.en-US',
];

describe('catalogues', () => {
  it('finds the feature catalogues and the keys the code uses', () => {
    expect(featureCatalogues.length).toBeGreaterThanOrEqual(8);
    expect(namedKeys.size).toBeGreaterThan(200);
  });

  it.each([...namedKeys, ...dynamicKeys])('%s is a string in both languages', (key) => {
    for (const lang of LANGS) expect(typeof merged(lang).get(key), `${lang} ${key}`).toBe('string');
  });

  it.each(catalogues)('%s has the same keys and placeholders in both languages, in the right script', (_, c) => {
    const zh = leaves(c['zh-CN']);
    const en = leaves(c['en-US']);
    expect(en.map(([k]) => k)).toEqual(zh.map(([k]) => k));
    const holes = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, text] of zh) expect(holes(lookup(c['en-US'], key) as string), key).toEqual(holes(text));
    const languageNames = (k: string) => k === 'lang.en-US' || k === 'lang.zh-CN';
    expect(zh.filter(([k, v]) => !languageNames(k) && !/[\u4e00-\u9fff]/.test(v))).toEqual([]);
    expect(en.filter(([k, v]) => !languageNames(k) && /[\u4e00-\u9fff]/.test(v))).toEqual([]);
  });

  it('never lets one catalogue override another', () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, c] of catalogues) {
      for (const [key] of leaves(c['zh-CN'])) {
        if (owner.has(key)) clashes.push(`${key}: ${owner.get(key)} and ${name}`);
        owner.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });

  it('holds no string the code never uses', () => {
    const unused = [...merged('zh-CN').keys()].filter(
      (key) => !namedKeys.has(key) && !quoted.has(key) && !dynamicKeys.includes(key) && !templatePrefixes.some((p) => key.startsWith(p)),
    );
    expect(unused).toEqual([]);
  });
});
