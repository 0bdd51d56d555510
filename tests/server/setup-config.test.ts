import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig, setupRequested } from '../../src/server/config.js';
import { gatekeeperApiRoot } from '../../src/server/setup/checks.js';
import { writeConfigFile } from '../../src/server/setup/config-file.js';

describe('DATA_DIR/config.json and the --setup flag', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'germinate-config-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs the embedded SQLite without a file, and asks for setup only with --setup', () => {
    const dir = dataDir();
    const config = readConfig({ DATA_DIR: dir }, '/');
    expect(config).toMatchObject({ databaseSource: 'default', databaseUrl: null, sqliteFile: path.join(dir, 'germinate.sqlite'), configFile: path.join(dir, 'config.json') });
    expect(setupRequested([], config)).toBe(false);
    expect(setupRequested(['--setup'], config)).toBe(true);
    expect(setupRequested(['--setup'], readConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://u@h/db' }, '/'))).toBe(false);
  });

  it('takes the database from config.json, relative files from the data directory', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ database: { type: 'sqlite', file: 'sub/mine.sqlite' } }));
    const config = readConfig({ DATA_DIR: dir }, '/');
    expect(config).toMatchObject({ databaseSource: 'config-file', databaseUrl: null, sqliteFile: path.join(dir, 'sub/mine.sqlite') });
    expect(setupRequested(['--setup'], config)).toBe(false);

    writeConfigFile(path.join(dir, 'config.json'), { database: { type: 'postgres', url: 'postgres://u:p@h:5432/db', schema: 'germinate' } });
    expect(readConfig({ DATA_DIR: dir }, '/')).toMatchObject({ databaseUrl: 'postgres://u:p@h:5432/db', databaseSchema: 'germinate' });
    // The environment still wins, so a deployment can override the file.
    expect(readConfig({ DATA_DIR: dir, DATABASE_SCHEMA: 'other' }, '/')).toMatchObject({ databaseSchema: 'other' });
    expect(readConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@y/z' }, '/')).toMatchObject({
      databaseSource: 'environment',
      databaseUrl: 'postgres://x@y/z',
      databaseSchema: null,
    });
  });

  it('stops on a damaged file rather than guessing', () => {
    const dir = dataDir();
    fs.writeFileSync(path.join(dir, 'config.json'), '{ "database": ');
    expect(() => readConfig({ DATA_DIR: dir }, '/')).toThrow(ConfigError);
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ database: { type: 'postgres', url: 'mysql://x' } }));
    expect(() => readConfig({ DATA_DIR: dir }, '/')).toThrow(/not a valid configuration/);
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ database: { type: 'postgres', url: 'postgres://x@y/z', schema: 'No Way' } }));
    expect(() => readConfig({ DATA_DIR: dir }, '/')).toThrow(/invalid schema name/);
  });

  it('normalises the user-access tool URL to its API root', () => {
    expect(gatekeeperApiRoot('https://gk.example.org')).toBe('https://gk.example.org/api/');
    expect(gatekeeperApiRoot('https://gk.example.org/gatekeeper/')).toBe('https://gk.example.org/gatekeeper/api/');
    expect(gatekeeperApiRoot(' https://gk.example.org/gatekeeper/api ')).toBe('https://gk.example.org/gatekeeper/api/');
    expect(gatekeeperApiRoot('http://127.0.0.1:8080/api/?x=1#y')).toBe('http://127.0.0.1:8080/api/');
    expect(() => gatekeeperApiRoot('not a url')).toThrow(/Invalid URL/);
  });
});
