type Tree = { [k: string]: string | Tree };

/**
 * A feature's catalogue with another part of the same feature's strings laid in (kept in their own file so
 * each part's strings stay together). A key in both is a mistake: it throws.
 */
export function mergeCatalogue<A extends Record<string, object>, B extends Record<string, object>>(base: A, extra: B): A & B {
  const merge = (a: Tree, b: Tree, path: string): Tree => {
    const out: Tree = { ...a };
    for (const [k, v] of Object.entries(b)) {
      const here = out[k];
      if (here === undefined) out[k] = v;
      else if (typeof here === 'object' && typeof v === 'object') out[k] = merge(here, v, `${path}${k}.`);
      else throw new Error(`catalogue key ${path}${k} twice`);
    }
    return out;
  };
  const out: Record<string, object> = {};
  for (const lang of new Set([...Object.keys(base), ...Object.keys(extra)])) {
    out[lang] = merge((base[lang] ?? {}) as Tree, (extra[lang] ?? {}) as Tree, '');
  }
  return out as A & B;
}
