import { describe, expect, it } from 'vitest';
import { errorDetails, formatBytes, speedOf, uploadFile, UploadError, type UploadProgress } from './upload.js';

/** Just enough of XMLHttpRequest to drive uploadFile. */
class FakeRequest {
  headers: Record<string, string> = {};
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  sent: FormData | null = null;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, text: string) {
    this.status = status;
    this.responseText = text;
    this.onload?.();
  }
}

function start(fake: FakeRequest, progress: UploadProgress[] = [], signal?: AbortSignal) {
  let clock = 1000;
  const file = new File(['x'.repeat(4096)], 'trials.xlsx');
  const promise = uploadFile({
    url: './api/import/template/file?type=trial',
    file,
    token: 'secret-token',
    locale: 'de_DE',
    onProgress: (p) => progress.push(p),
    signal,
    now: () => (clock += 500),
    createRequest: () => fake as unknown as XMLHttpRequest,
  });
  return { promise, file };
}

describe('template upload', () => {
  it('posts the file as fileToUpload with token and language, reporting progress and speed', async () => {
    const fake = new FakeRequest();
    const progress: UploadProgress[] = [];
    const { promise, file } = start(fake, progress);
    expect([fake.method, fake.url]).toEqual(['POST', './api/import/template/file?type=trial']);
    expect(fake.headers).toMatchObject({ Authorization: 'Bearer secret-token', 'Accept-Language': 'de_DE' });
    expect(fake.withCredentials).toBe(true);
    expect((fake.sent?.get('fileToUpload') as File).name).toBe(file.name);
    fake.progress(2048, 4096);
    fake.progress(4096, 4096);
    expect(progress.map((p) => [p.loaded, p.total])).toEqual([
      [2048, 4096],
      [4096, 4096],
    ]);
    expect(progress[0].speed).toBeGreaterThan(0);
    fake.answer(200, '[{"status":"waiting","uuid":"abc"}]');
    await expect(promise).resolves.toEqual([{ status: 'waiting', uuid: 'abc' }]);
  });

  it('rejects with the status and reason phrase of an error answer', async () => {
    const fake = new FakeRequest();
    const { promise } = start(fake);
    fake.answer(503, '{"statusCode":503,"reasonPhrase":"UNAVAILABLE_IMPORT","message":"Imports are off"}');
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect([(error as UploadError).status, (error as UploadError).reasonPhrase, (error as UploadError).message]).toEqual([503, 'UNAVAILABLE_IMPORT', 'Imports are off']);
  });

  it('aborts when its signal does', async () => {
    const fake = new FakeRequest();
    const controller = new AbortController();
    const { promise } = start(fake, [], controller.signal);
    controller.abort();
    expect(fake.aborted).toBe(true);
    await expect(promise).rejects.toBeInstanceOf(UploadError);
  });

  it('sends no Authorization header when anonymous', () => {
    const fake = new FakeRequest();
    void uploadFile({ url: 'x', file: new File(['a'], 'a.xlsx'), token: null, locale: null, onProgress: () => undefined, createRequest: () => fake as unknown as XMLHttpRequest }).catch(() => undefined);
    expect(fake.headers.Authorization).toBeUndefined();
  });

  it('formats sizes in binary units and speeds in bytes per second', () => {
    const format = (value: number, options: { maximumFractionDigits: number }) => value.toFixed(options.maximumFractionDigits);
    expect(formatBytes(512, format)).toBe('512 B');
    expect(formatBytes(1536, format)).toBe('1.5 KiB');
    expect(formatBytes(5 * 1024 * 1024, format)).toBe('5.0 MiB');
    expect(speedOf(1000, 500)).toBe(2000);
    expect(speedOf(1000, 0)).toBe(0);
  });

  it('reads our error body and nothing else', () => {
    expect(errorDetails('{"reasonPhrase":"X","message":"m"}')).toEqual({ reasonPhrase: 'X', message: 'm' });
    expect(errorDetails('<html>')).toEqual({ reasonPhrase: null, message: null });
  });
});
