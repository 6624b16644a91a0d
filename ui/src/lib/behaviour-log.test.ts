import { describe, expect, it } from 'vitest';
import { logBatchMax } from '@/lib/core';
import { BehaviourLog, eventsOfLocation, isHome, jobIdOfHref, LOG_URL } from './behaviour-log';

describe('eventsOfLocation', () => {
  it('reads a job page as an open, on both sites', () => {
    expect(eventsOfLocation('/job/374582438850565', '')).toEqual([{ kind: 'open', jobId: '374582438850565' }]);
    expect(eventsOfLocation('/m/job/12', '?from=list')).toEqual([{ kind: 'open', jobId: '12' }]);
    expect(eventsOfLocation('/job/abc', '')).toEqual([]);
    expect(eventsOfLocation('/my/apply', '')).toEqual([]);
  });

  it('reads a search with its keyword and filters, and an empty search as nothing', () => {
    expect(eventsOfLocation('/search', '?q=%E5%89%8D%E7%AB%AF&city=%E5%8C%97%E4%BA%AC')).toEqual([
      { kind: 'search', keyword: '前端', city: '北京', category: '' },
    ]);
    expect(eventsOfLocation('/m/search', '?category=测试')).toEqual([{ kind: 'search', keyword: '', city: '', category: '测试' }]);
    expect(eventsOfLocation('/search', '')).toEqual([]);
    expect(eventsOfLocation('/search', '?sort=newest')).toEqual([]);
    // The other filters go along when set (core-wasm's LOG_SEARCH_FILTERS); the page does not.
    expect(eventsOfLocation('/search', '?salary=15-25k&comType=private&posted=7&page=2')).toEqual([
      { kind: 'search', keyword: '', city: '', category: '', salary: '15-25k', comType: 'private', posted: '7' },
    ]);
  });
});

describe('jobIdOfHref', () => {
  it('reads the job of a job page link, and nothing else', () => {
    expect(jobIdOfHref('/job/374582438850565')).toBe('374582438850565');
    expect(jobIdOfHref('/m/job/12?from=home')).toBe('12');
    expect(jobIdOfHref('http://127.0.0.1:8080/job/7#top')).toBe('7');
    expect(jobIdOfHref('/job/7/apply')).toBeUndefined();
    expect(jobIdOfHref('/company/7')).toBeUndefined();
    expect(jobIdOfHref('/search?q=/job/7')).toBeUndefined();
    expect(jobIdOfHref(null)).toBeUndefined();
  });
});

describe('isHome', () => {
  it('is the desktop and the mobile home only', () => {
    expect(['/', '/m', '/m/'].map(isHome)).toEqual([true, true, true]);
    expect(['/search', '/my/shield', '/m/my', '/job/1', '/mm'].map(isHome)).toEqual([false, false, false, false, false]);
  });
});

describe('BehaviourLog', () => {
  const sent: string[][] = [];
  const recorder = (url: string, body: URLSearchParams) => {
    expect(url).toBe(LOG_URL);
    sent.push(JSON.parse(body.get('events') ?? '[]').map((e: { kind: string }) => e.kind));
    return true;
  };

  it('queues only what the server keeps and sends it in batches', () => {
    sent.length = 0;
    const log = new BehaviourLog(recorder);
    expect(log.add({ kind: 'open', jobId: 7 })).toBe(true);
    expect(log.add({ kind: 'hover' as 'open', jobId: 7 })).toBe(false);
    expect(log.add({ kind: 'apply' })).toBe(false);
    expect(log.add({ kind: 'search', keyword: '字'.repeat(51) })).toBe(false);
    expect(log.pending).toBe(1);
    log.flush();
    expect(sent).toEqual([['open']]);
    expect(log.pending).toBe(0);
    log.flush();
    expect(sent.length).toBe(1);
  });

  it('sends a full batch at once', () => {
    sent.length = 0;
    const log = new BehaviourLog(recorder);
    for (let i = 0; i < logBatchMax(); i++) log.add({ kind: 'view', jobId: i + 1 });
    expect(sent.length).toBe(1);
    expect(sent[0].length).toBe(logBatchMax());
    expect(log.pending).toBe(0);
  });

  it('keeps the queue when the browser refuses the beacon', () => {
    const log = new BehaviourLog(() => false);
    log.add({ kind: 'save', jobId: 3 });
    log.flush();
    expect(log.pending).toBe(1);
  });
});
