import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The full path of `name` on the PATH, or null when it is not installed. */
export function findExecutable(name: string, searchPath = process.env.PATH ?? ''): string | null {
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not here.
    }
  }
  return null;
}

/**
 * The connection as PostgreSQL's tools take it: the URL without its password (command lines are visible
 * to every user of the machine), the password in PGPASSWORD.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (parsed.password) env.PGPASSWORD = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env };
}

/** Runs a PostgreSQL tool to completion and answers its output; a failure carries the tool's own message. */
function run(executable: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => (stdout += text));
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 8000) stderr += text;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(executable)} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

/**
 * pg_dump of one schema in the custom format (compressed, restorable with pg_restore), without owners or
 * grants; with `snapshot`, of that exported snapshot.
 */
export async function pgDump(executable: string, url: string, schema: string, file: string, snapshot?: string): Promise<void> {
  const { dbname, env } = connection(url);
  const args = ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schema}`, `--file=${file}`, `--dbname=${dbname}`];
  if (snapshot) args.push(`--snapshot=${snapshot}`);
  await run(executable, args, env);
}

/**
 * pg_restore of such a dump into its schema, which must exist: the schema's own entry is left out of the
 * archive's table of contents (creating it again would fail), each object of the dump replaces one of the
 * same name (`--clean --if-exists`), all in one transaction that stops at the first error, so nothing is
 * half restored. Owners, grants and comments are left out: the restoring account owns what it creates.
 */
export async function pgRestore(executable: string, url: string, file: string, schema: string, workDir: string): Promise<void> {
  const { dbname, env } = connection(url);
  const contents = await run(executable, ['--list', file], env);
  const schemaEntry = new RegExp(`^\\d+; \\d+ \\d+ SCHEMA - ${schema.replace(/[^A-Za-z0-9_]/g, '')} `);
  const list = path.join(workDir, 'restore.list');
  fs.writeFileSync(list, contents.split('\n').filter((line) => !schemaEntry.test(line)).join('\n'));
  await run(
    executable,
    ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--no-comments', '--single-transaction', '--exit-on-error', `--use-list=${list}`, `--dbname=${dbname}`, file],
    env,
  );
}
