import { describe, expect, it } from 'vitest';
import { jobProblemKey, jobVerdict } from './job-verdict';

describe('the job verdict', () => {
  it('reads the JOB_INVALID verdict', () => {
    const e = { code: 'JOB_INVALID', message: '{"title":{"key":"job.v.maxChars","limit":50},"city":{"key":"job.v.select"}}' };
    expect(jobVerdict(e)).toEqual({ title: { key: 'job.v.maxChars', limit: 50 }, city: { key: 'job.v.select', limit: undefined } });
    expect(jobVerdict({ code: 'JOB_INVALID', message: 'not json' })).toBeNull();
    expect(jobVerdict({ code: 'BAD_INPUT', message: '{}' })).toBeNull();
    expect(jobProblemKey('job.v.salaryOrder')).toBe('recruit.v.salaryOrder');
    expect(jobProblemKey('job.v.somethingNew')).toBe('recruit.v.invalid');
  });
});
