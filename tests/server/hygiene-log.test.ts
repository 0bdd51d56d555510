import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../../src/server/http/request-log.js';
import { testDialects } from '../support/databases.js';
import { startHygieneServer, type HygieneServer } from './hygiene-support.js';

describe('redactUrl', () => {
  it('hides the value of every token or password parameter and keeps the rest byte for byte', () => {
    expect(redactUrl('/api/image/3/src?name=a%20b.jpg&token=abc-123&type=small')).toBe('/api/image/3/src?name=a%20b.jpg&token=[redacted]&type=small');
    expect(redactUrl('/api/feedback/1/img?TOKEN=x&imageToken=y&password=z&tokenish')).toBe(
      '/api/feedback/1/img?TOKEN=[redacted]&imageToken=[redacted]&password=[redacted]&tokenish',
    );
    // An encoded name is still the parameter the server reads; a name that does not decode is compared as sent.
    expect(redactUrl('/api/backup/download?%74oken=secret&%E0%A4%A=1')).toBe('/api/backup/download?%74oken=[redacted]&%E0%A4%A=1');
    expect(redactUrl('/api/fileresource/2/download?token=a&token=b#token=c')).toBe('/api/fileresource/2/download?token=[redacted]&token=[redacted]#token=c');
    expect(redactUrl('/data/germplasm?layout=abc')).toBe('/data/germplasm?layout=abc');
    expect(redactUrl('/api/settings')).toBe('/api/settings');
  });
});

describe.each(testDialects())('the request log on %s', (dialect) => {
  const lines: string[] = [];
  let server: HygieneServer;
  beforeAll(async () => {
    server = await startHygieneServer(dialect, { env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => server?.close());

  it('never holds an image token, whichever route the URL names', async () => {
    const { imageToken } = await server.loginAdmin();
    const urls = [
      `/api/feedback/1/img?token=${imageToken}`,
      `/api/feedback/1/img?size=small&token=${imageToken}`,
      `/api/mapoverlay/1/src?token=${imageToken}`,
      `/api/image/1/src?name=a.jpg&type=small&token=${imageToken}`,
      `/api/fileresource/1/download?token=${imageToken}`,
      `/api/backup/download?token=${imageToken}`,
      `/data/germplasm?token=${imageToken}`,
    ];
    for (const url of urls) {
      const response = await fetch(`${server.url}${url}`);
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(500);
    }
    // pino writes a line synchronously as the request starts; the answer's line when it ends.
    const logged = lines.map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } });
    const incoming = logged.filter((entry) => entry.msg === 'incoming request').map((entry) => entry.req?.url);
    for (const url of urls) expect(incoming).toContain(url.replace(imageToken, '[redacted]'));
    expect(lines.join('\n')).not.toContain(imageToken);
  });
});
