/**
 * The file upload itself. fetch() reports no upload progress, so the template goes through
 * XMLHttpRequest, with the same base path, bearer token and language as the api client's calls.
 */

export interface UploadProgress {
  loaded: number;
  total: number;
  /** Bytes per second over the upload so far; 0 until something was sent. */
  speed: number;
}

export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly status: number | null,
    readonly reasonPhrase: string | null,
    message: string,
  ) {
    super(message);
  }
}

export interface UploadRequest {
  /** Full URL including the query. */
  url: string;
  file: File;
  token: string | null;
  locale: string | null;
  onProgress(progress: UploadProgress): void;
  signal?: AbortSignal;
  now?: () => number;
  /** For tests; the browser's XMLHttpRequest otherwise. */
  createRequest?: () => XMLHttpRequest;
}

/** Sends the file as multipart field `fileToUpload`; resolves to the parsed JSON answer. */
export function uploadFile(request: UploadRequest): Promise<unknown> {
  const now = request.now ?? (() => Date.now());
  return new Promise((resolve, reject) => {
    const xhr = request.createRequest ? request.createRequest() : new XMLHttpRequest();
    const started = now();
    xhr.open('POST', request.url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (request.token) xhr.setRequestHeader('Authorization', `Bearer ${request.token}`);
    if (request.locale) xhr.setRequestHeader('Accept-Language', request.locale);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event: ProgressEvent) => {
      const total = event.lengthComputable ? event.total : request.file.size;
      request.onProgress({ loaded: event.loaded, total, speed: speedOf(event.loaded, now() - started) });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
        } catch {
          reject(new UploadError(xhr.status, null, 'The answer is not JSON'));
        }
        return;
      }
      const details = errorDetails(xhr.responseText);
      reject(new UploadError(xhr.status, details.reasonPhrase, details.message ?? `HTTP ${xhr.status}`));
    };
    xhr.onerror = () => reject(new UploadError(null, null, 'Network error'));
    xhr.onabort = () => reject(new UploadError(null, null, 'Aborted'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('fileToUpload', request.file, request.file.name);
    xhr.send(form);
  });
}

export function speedOf(bytes: number, elapsedMs: number): number {
  return elapsedMs > 0 ? (bytes * 1000) / elapsedMs : 0;
}

/** Our server's error body `{reasonPhrase?, message?}`; anything else gives nothing. */
export function errorDetails(text: string): { reasonPhrase: string | null; message: string | null } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const fields = parsed as { reasonPhrase?: unknown; message?: unknown };
      return {
        reasonPhrase: typeof fields.reasonPhrase === 'string' ? fields.reasonPhrase : null,
        message: typeof fields.message === 'string' ? fields.message.slice(0, 1000) : null,
      };
    }
  } catch {
    // not JSON
  }
  return { reasonPhrase: null, message: null };
}

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];

/** Binary units, as Germinate shows file sizes: 1.5 MiB. */
export function formatBytes(bytes: number, formatNumber: (value: number, options: { maximumFractionDigits: number }) => string): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${UNITS[unit]}`;
}
