import { describe, expect, it } from 'vitest';
import { parseQuery, queryString, toPayload, withFilter } from './search-query';

describe('search query in the URL', () => {
  it('round-trips keyword, filters, sort and page', () => {
    const q = parseQuery(new URLSearchParams('q=Java开发&city=北京&salary=20000-30000&sort=salary&page=3&bogus=1'));
    expect(q).toEqual({ q: 'Java开发', filters: { city: '北京', salary: '20000-30000' }, sort: 'salary', page: 3 });
    expect(parseQuery(new URLSearchParams(queryString(q).slice(1)))).toEqual(q);
  });

  it('leaves defaults out and keeps spaces as %20', () => {
    expect(queryString(parseQuery(new URLSearchParams('')))).toBe('');
    expect(queryString({ q: '前端 开发', filters: {}, sort: 'relevance', page: 1 })).toBe('?q=%E5%89%8D%E7%AB%AF%20%E5%BC%80%E5%8F%91');
  });

  it('reads bad pages and sorts as defaults', () => {
    expect(parseQuery(new URLSearchParams('page=-2&sort=random'))).toMatchObject({ page: 1, sort: 'relevance' });
  });

  it('goes back to page 1 when a filter changes, and drops a cleared one', () => {
    const q = parseQuery(new URLSearchParams('city=北京&page=4'));
    expect(withFilter(q, 'education', '本科')).toMatchObject({ filters: { city: '北京', education: '本科' }, page: 1 });
    expect(withFilter(q, 'city', undefined).filters).toEqual({});
  });

  it('sends the keyword as kw', () => {
    expect(toPayload({ q: 'go', filters: { city: '上海' }, sort: 'newest', page: 2 })).toEqual({ kw: 'go', city: '上海', sort: 'newest', page: 2 });
  });
});
