import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPSTAT } from '../../src/plugins/germplasm/mcpd-codes.js';
import { germplasmServer } from '../../src/plugins/germplasm/server.js';
import { parseBiologicalStatusTsv, statusLabel } from '../../src/plugins/statistics/biological-status.js';
import { loadDemoData } from '../../src/server/demo.js';
import { testDialects } from '../support/databases.js';
import { germplasmDb, seedGermplasm } from '../support/seed.js';
import { ROOT, startServer, type TestServer } from '../support/server.js';

/** GET stats/biologicalstatus: MCPD rows per status label and genus, as a tab-separated file. */

const HEADER = 'biologicalstatus\tgenus\tcount\r\n';
const FILE_NAME = /^attachment;filename= "biologicalstatus-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tsv"$/;

async function statsFile(server: TestServer): Promise<{ text: string; type: string | null; disposition: string | null }> {
  const response = await server.api('GET', 'stats/biologicalstatus');
  expect(response.status).toBe(200);
  return { text: await response.text(), type: response.headers.get('content-type'), disposition: response.headers.get('content-disposition') };
}

describe.each(testDialects())('stats/biologicalstatus on %s', (dialect) => {
  describe('with rows inserted here', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect);
    });
    afterAll(async () => server?.close());

    it('is a header alone while no MCPD row has a status', async () => {
      const file = await statsFile(server);
      expect(file.text).toBe(HEADER);
      expect(file.type).toMatch(/^text\/plain/);
      expect(file.disposition).toMatch(FILE_NAME);
    });

    it('counts per short label and genus; no status is left out, no genus is empty', async () => {
      await seedGermplasm(server);
      const db = germplasmDb(server);
      // The seed's MCPD rows: 1 → 500, 4 → 300, 10 → 410; they get a genus (10 keeps none).
      await db.updateTable('mcpd').set({ genus: 'Hordeum' }).where('germinatebase_id', '=', 1).execute();
      await db.updateTable('mcpd').set({ genus: 'Triticum' }).where('germinatebase_id', '=', 4).execute();
      const added: [number, number | null, string | null][] = [
        [2, 500, 'Hordeum'],
        [11, 500, 'Hordeum'],
        [3, 421, 'Hordeum'], // "Mutant (e.g. induced/insertion mutants, tilling populations)"
        [9, 421, null],
        [5, 300, 'Triticum'],
        [6, 300, 'Zea'],
        [7, 999, 'Zea'], // "Other (elaborate in REMARKS field)"
        [8, null, 'Zea'], // no status: not counted
      ];
      for (const [id, sampstat, genus] of added) {
        await db.insertInto('mcpd').values({ germinatebase_id: id, accenumb: `ACC-${id}`, sampstat, genus }).execute();
      }

      const first = await statsFile(server);
      expect(first.text).toBe(
        HEADER +
          'Advanced or improved cultivar\tHordeum\t3\r\n' +
          "Breeder's line\t\t1\r\n" +
          'Mutant\t\t1\r\n' +
          'Mutant\tHordeum\t1\r\n' +
          'Other\tZea\t1\r\n' +
          'Traditional cultivar/landrace\tTriticum\t2\r\n' +
          'Traditional cultivar/landrace\tZea\t1\r\n',
      );
      // Every download gets a name of its own.
      const second = await statsFile(server);
      expect(second.disposition).toMatch(FILE_NAME);
      expect(second.disposition).not.toBe(first.disposition);
    });
  });

  describe('with the demo data', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer(dialect, { jobs: false });
      // Only the germplasm demo (the MCPD template): the statistic counts nothing else.
      await loadDemoData(server.db.database, [germplasmServer], ROOT, (message) => {
        if (!message.startsWith('Loaded')) throw new Error(message);
      }, { dataDir: server.db.dataDir });
    });
    afterAll(async () => server?.close());

    it('totals per status agree with the germplasm table filtered by status', async () => {
      const rows = parseBiologicalStatusTsv((await statsFile(server)).text);
      const fromStats = new Map<string, number>();
      for (const row of rows) fromStats.set(row.biologicalstatus, (fromStats.get(row.biologicalstatus) ?? 0) + row.count);

      // The same counts another way: germplasm per status id through the table endpoint.
      const fromTable = new Map<string, number>();
      for (const [id, label] of SAMPSTAT) {
        const response = await server.api('POST', 'germplasm/table', {
          body: { page: 0, limit: 1, filter: [{ column: 'biologicalStatusId', comparator: 'equals', values: [id] }] },
        });
        const { count } = (await response.json()) as { count: number };
        if (count > 0) fromTable.set(statusLabel(label), (fromTable.get(statusLabel(label)) ?? 0) + count);
      }
      // The demo template's 2,000 accessions all carry one status (410, Breeder's line).
      expect(fromTable.size).toBeGreaterThan(0);
      expect(fromStats).toEqual(fromTable);

      // And in all: every germplasm with a status is counted once.
      const response = await server.api('POST', 'germplasm/table', {
        body: { page: 0, limit: 1, filter: [{ column: 'biologicalStatusId', comparator: 'isNotNull', values: [] }] },
      });
      const withStatus = ((await response.json()) as { count: number }).count;
      expect(withStatus).toBeGreaterThan(0);
      expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(withStatus);
    });
  });
});
