import { describe, expect, it } from 'vitest';
import { loginBridgeUrl, recruiterPages, searchPath } from './paths';

describe('paths', () => {
  it('puts the query in the search URL', () => {
    expect(searchPath(' 前端 开发 ')).toBe('/search?q=%E5%89%8D%E7%AB%AF%20%E5%BC%80%E5%8F%91');
    expect(searchPath('  ')).toBe('/search');
  });

  it('builds the recruiter pages without double slashes', () => {
    expect(recruiterPages('https://hr.example.cn/')).toEqual({
      positions: 'https://hr.example.cn/job/',
      candidates: 'https://hr.example.cn/comresume/applyresume?stageId=1&stageOppId=1',
    });
  });

  it('encodes the bridge return URL', () => {
    expect(loginBridgeUrl('https://hr.example.cn', 'https://hr.example.cn/job/?a=1&b=2')).toBe(
      'https://hr.example.cn/login/bridge?logoutcode=1&returnurl=https%3A%2F%2Fhr.example.cn%2Fjob%2F%3Fa%3D1%26b%3D2',
    );
  });
});
