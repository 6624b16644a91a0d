import { afterEach, describe, expect, it, vi } from 'vitest';
import { upload } from './upload';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function answer(response: Response | Error) {
  const fetch = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('upload', () => {
  it('posts the fields as multipart to /ajax, in order, leaving out undefined ones, with the session cookie', async () => {
    const fetch = answer(json(200, { result: { id: 7 } }));
    const file = new File(['png'], 'me.png', { type: 'image/png' });
    expect(await upload('/resume/upload', { resumeId: '7', kind: 'photo', name: undefined, file })).toEqual({ id: 7 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/ajax/resume/upload');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const body = init.body as FormData;
    expect([...body.keys()]).toEqual(['resumeId', 'kind', 'file']);
    expect((body.get('file') as File).name).toBe('me.png');
  });

  it("rejects with the envelope's error as the core's request does", async () => {
    answer(json(400, { error: { code: 'FILE_FORMAT', message: 'png or jpeg' } }));
    await expect(upload('/resume/upload', {})).rejects.toEqual({ code: 'FILE_FORMAT', message: 'png or jpeg' });
  });

  it('answers nothing for 401 and 403 (the session ended), as the core does', async () => {
    answer(json(401, { error: { code: 'NOT_LOGGED_IN', message: '' } }));
    expect(await upload('/resume/upload', {})).toBeUndefined();
    answer(json(403, {}));
    expect(await upload('/resume/upload', {})).toBeUndefined();
  });

  it('rejects with the status when no envelope came back', async () => {
    answer(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(upload('/resume/upload', {})).rejects.toEqual({ status: 502, message: 'HTTP 502' });
    answer(new Response('not json', { status: 200 }));
    await expect(upload('/resume/upload', {})).rejects.toEqual({ status: 200, message: 'bad envelope' });
  });

  it('rejects with status 0 when the call did not get through', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(upload('/resume/upload', {})).rejects.toEqual({ status: 0, message: 'network' });
    answer(new DOMException('timed out', 'TimeoutError'));
    await expect(upload('/resume/upload', {})).rejects.toEqual({ status: 0, message: 'timeout' });
  });
});
