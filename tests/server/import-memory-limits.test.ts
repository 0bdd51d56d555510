import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { startServer, passwordOf, type TestServer } from '../support/server.js';
import { testDialects } from '../support/databases.js';
import { bigMcpd, errorsOf, mcpdText, uploadJob, waitForJob } from './import-jobs-support.js';

/** A text MCPD file: A-1, then `empty` empty lines, then A-1 again (a duplicate only if it is read). */
function withGap(empty: number): string {
  const body = mcpdText([{ ACCENUMB: 'A-1', GENUS: 'Hordeum' }]);
  const again = MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? 'A-1' : c === 'GENUS' ? 'Hordeum' : '')).join('\t');
  return `${body}${'\n'.repeat(empty)}${again}\n`;
}

/** A text MCPD file whose every row breaks three rules: its issues alone outgrow a small heap. */
function brokenEverywhere(rows: number): string {
  const line = (i: number) =>
    MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? `M-${i}` : c === 'ORIGCTY' ? 'XXX' : c === 'COLLDATE' ? '2020-13-45' : c === 'SAMPSTAT' ? '999' : '')).join('\t');
  return [MCPD_COLUMNS.join('\t'), ...Array.from({ length: rows }, (_, i) => line(i))].join('\n') + '\n';
}

describe.each(testDialects())('import memory and empty rows on %s', (dialect) => {
  let server: TestServer;
  let curator: string;
  beforeAll(async () => {
    server = await startServer(dialect, { maxUploadBytes: 64 * 1024 * 1024, importMaxMemoryMb: 64, jobs: { pollMs: 200, heartbeatMs: 200 } });
    curator = await server.login('curator', passwordOf('curator'));
  });
  afterAll(async () => server?.close());

  const logOf = async (uuid: string) => {
    const response = await server.api('GET', `import/template/${uuid}/log`, { token: curator });
    expect(response.status).toBe(200);
    return strFromU8(unzipSync(new Uint8Array(await response.arrayBuffer()))[`${uuid}.log`]);
  };

  it('reads on past 9,999 empty lines and reports the problem on its real line', async () => {
    const uuid = await uploadJob(server, curator, { name: 'gap.txt', bytes: withGap(9_999) });
    const job = await waitForJob(server, curator, uuid);
    expect(job.status).toBe('completed');
    expect(errorsOf(job).map((e) => [e.status, e.rowIndex])).toEqual([['MCPD_DUPLICATE_ACCENUMB', 10_002]]);
  });

  it('ends the sheet after 10,000 empty lines: nothing below is read or reported, and the log says where', async () => {
    const uuid = await uploadJob(server, curator, { name: 'trailing.txt', bytes: withGap(1_000_000) });
    const job = await waitForJob(server, curator, uuid);
    expect(job.status).toBe('completed');
    expect(errorsOf(job)).toEqual([]);
    expect(await logOf(uuid)).toMatch(/DATA: reading stopped at row 10002, after 10,000 empty rows/);
  });

  it('fails an import that outgrows IMPORT_MAX_MEMORY_MB with a clear log line, and the next job runs', async () => {
    const uuid = await uploadJob(server, curator, { name: 'huge-broken.txt', bytes: brokenEverywhere(400_000) });
    const job = await waitForJob(server, curator, uuid, undefined, 180_000);
    expect(job.status).toBe('failed');
    expect(await logOf(uuid)).toMatch(/needed more memory than IMPORT_MAX_MEMORY_MB \(64 MB\) allows.*Nothing was written/);

    const next = await uploadJob(server, curator, { name: 'small.txt', bytes: bigMcpd(10, 'AFTER') });
    const done = await waitForJob(server, curator, next);
    expect(done.status).toBe('completed');
    expect(errorsOf(done)).toEqual([]);
  }, 240_000);
});
