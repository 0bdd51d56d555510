import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { DataImportJob } from '../../src/server/jobs/store.js';
import { MCPD_COLUMNS } from '../../src/plugins/germplasm/mcpd-codes.js';
import { ROOT, type TestServer } from '../support/server.js';

export const DEMO_MCPD = path.join(ROOT, 'demo/germplasm/example-germplasm-mcpd.xlsx');

/** POST import/template/file with one file; returns the response. */
export async function upload(
  server: TestServer,
  token: string | null,
  file: { name: string; bytes: Uint8Array | string },
  query: Record<string, string> = { type: 'mcpd' },
): Promise<Response> {
  const form = new FormData();
  const bytes = typeof file.bytes === 'string' ? new TextEncoder().encode(file.bytes) : file.bytes;
  form.append('fileToUpload', new Blob([new Uint8Array(bytes)]), file.name);
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return fetch(`${server.url}/api/import/template/file?${new URLSearchParams(query)}`, { method: 'POST', headers, body: form });
}

/** Uploads and returns the new job's uuid (asserting the 200 answer's shape). */
export async function uploadJob(server: TestServer, token: string, file: { name: string; bytes: Uint8Array | string }, query?: Record<string, string>): Promise<string> {
  const response = await upload(server, token, file, query);
  const text = await response.text();
  expect(response.status, text).toBe(200);
  const body = JSON.parse(text) as { status: string; uuid: string }[];
  expect(body).toEqual([{ status: 'waiting', uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) }]);
  return body[0].uuid;
}

export function demoFile(file = DEMO_MCPD, name = path.basename(file)) {
  return { name, bytes: fs.readFileSync(file) };
}

export async function jobs(server: TestServer, token: string | null, uuids: string[] = []): Promise<DataImportJob[]> {
  const response = await server.api('POST', 'import/template', { token, body: { uuids } });
  expect(response.status).toBe(200);
  return (await response.json()) as DataImportJob[];
}

/** Polls until the job leaves waiting/running (or `until` says so); returns its last state. */
export async function waitForJob(
  server: TestServer,
  token: string,
  uuid: string,
  until: (job: DataImportJob) => boolean = (job) => !['waiting', 'running'].includes(job.status),
  timeoutMs = 45_000,
): Promise<DataImportJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await jobs(server, token, [uuid])).find((j) => j.uuid === uuid);
    if (!job) throw new Error(`job ${uuid} not listed`);
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${uuid} still ${job.status} (progress ${job.progress})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export const errorsOf = (job: DataImportJob) => job.feedback.filter((i) => i.type === 'ERROR');

/** An MCPD text file (every MCPD column, tab separated) with the given rows of column values. */
export function mcpdText(rows: Record<string, string>[]): string {
  const lines = [MCPD_COLUMNS.join('\t')];
  for (const row of rows) lines.push(MCPD_COLUMNS.map((c) => row[c] ?? '').join('\t'));
  return lines.join('\n') + '\n';
}

/** A generated MCPD text file with `rows` accessions, for jobs that take a while. */
export function bigMcpd(rows: number, prefix = 'BIG'): string {
  const line = (i: number) => MCPD_COLUMNS.map((c) => (c === 'ACCENUMB' ? `${prefix}-${String(i).padStart(7, '0')}` : c === 'GENUS' ? 'Hordeum' : c === 'SPECIES' ? 'vulgare' : c === 'ORIGCTY' ? 'DEU' : '')).join('\t');
  return [MCPD_COLUMNS.join('\t'), ...Array.from({ length: rows }, (_, i) => line(i))].join('\n') + '\n';
}
