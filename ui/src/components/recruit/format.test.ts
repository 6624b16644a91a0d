import { describe, expect, it } from 'vitest';
import { noticeEventKey, safeRecruitReturn, since, stageFromParam, toMs } from './format';

describe('recruiter formats', () => {
  it('reads seconds and milliseconds', () => {
    expect(toMs(1_700_000_000)).toBe(1_700_000_000_000);
    expect(toMs(1_700_000_000_000)).toBe(1_700_000_000_000);
    expect(toMs(0)).toBeNull();
  });

  it('names what a notice is about from its outbox event', () => {
    expect(noticeEventKey('apply:42:rejection')).toBe('recruit.notices.event.rejection');
    expect(noticeEventKey('apply:42:offer')).toBe('recruit.notices.event.offer');
    expect(noticeEventKey('apply:42:stage:9001')).toBe('recruit.notices.event.stage');
    expect(noticeEventKey('interview:7:v2:invite')).toBe('recruit.notices.event.invite');
    expect(noticeEventKey('interview:7:v3:reschedule')).toBe('recruit.notices.event.reschedule');
    expect(noticeEventKey('interview:7:v3:cancel')).toBe('recruit.notices.event.cancel');
    expect(noticeEventKey('interview:7:v1:remind24')).toBe('recruit.notices.event.remind24');
    expect(noticeEventKey('interview:7:v1:remind1')).toBe('recruit.notices.event.remind1');
    expect(noticeEventKey('interview:7:v1:remind-iv55-24h-1700000000000')).toBe('recruit.notices.event.remindInterviewer');
    expect(noticeEventKey('apply:42:something-new')).toBe('recruit.notices.event.other');
  });

  it('says how long ago', () => {
    const now = 1_700_000_000_000;
    expect(since(now - 30_000, now)).toEqual({ key: 'recruit.ago.now', count: 0 });
    expect(since(now - 5 * 60_000, now)).toEqual({ key: 'recruit.ago.minutes', count: 5 });
    expect(since(now - 3 * 3600_000, now)).toEqual({ key: 'recruit.ago.hours', count: 3 });
    expect(since(now - 50 * 3600_000, now)).toEqual({ key: 'recruit.ago.days', count: 2 });
    expect(since(null, now).key).toBe('recruit.ago.unknown');
  });

  it('returns only to recruiter pages', () => {
    expect(safeRecruitReturn('/recruit/search?keyword=java')).toBe('/recruit/search?keyword=java');
    expect(safeRecruitReturn('https://evil.example/recruit/')).toBe('/recruit/job/');
    expect(safeRecruitReturn('//evil.example')).toBe('/recruit/job/');
    expect(safeRecruitReturn('/my/apply')).toBe('/recruit/job/');
    expect(safeRecruitReturn('/recruit/login?returnUrl=x')).toBe('/recruit/job/');
    expect(safeRecruitReturn(null)).toBe('/recruit/job/');
  });

  it('finds the stage of the URL as the server does', () => {
    const stages = [{ id: 5011 }, { id: 5012 }, { id: 5013 }];
    expect(stageFromParam(stages, '1')).toEqual({ id: 5011 });
    expect(stageFromParam(stages, '3')).toEqual({ id: 5013 });
    expect(stageFromParam(stages, '4')).toBeNull();
    expect(stageFromParam(stages, '5012')).toEqual({ id: 5012 });
    expect(stageFromParam(stages, '9999')).toBeNull();
    expect(stageFromParam(stages, '0')).toBeNull();
    expect(stageFromParam(stages, null)).toBeNull();
  });
});
