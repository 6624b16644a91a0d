/** Tabs of the zgzx second-level header: job hunting, recruiting, resume ('jl'), personal centre ('grzx'). */
export type ZgzxTab = 'qz' | 'zp' | 'jl' | 'grzx';

/** 'grzx' when the URL is an application or favourites page, else 'jl'. */
export function initialZgzxTab(url: string): ZgzxTab {
  return url.includes('/apply') || url.includes('/collect') ? 'grzx' : 'jl';
}
