import pg from 'pg';
import { dropDatabase, ensureDatabase, withDatabase } from '../../src/db/connection';
import { migrate } from '../../src/db/migrate';
import { testDatabaseUrl } from '../helpers/app';

describe('migrate', () => {
  const name = `portal_migrate_${Date.now()}`;
  const serverUrl = testDatabaseUrl();
  const url = withDatabase(serverUrl, name);

  beforeAll(() => ensureDatabase(serverUrl, name));
  afterAll(() => dropDatabase(serverUrl, name));

  it('applies every file once, even when two processes start together, and is idempotent', async () => {
    const [a, b] = await Promise.all([migrate(url), migrate(url)]);
    const applied = [...a.applied, ...b.applied];
    expect(applied).toContain('0001_accounts');
    expect(applied.filter((v) => v === '0001_accounts')).toHaveLength(1);
    expect((await migrate(url)).applied).toEqual([]);

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const roles = await client.query('SELECT id, name FROM roles ORDER BY id');
      expect(roles.rows).toEqual([
        { id: 1, name: 'standard' },
        { id: 2, name: 'limited' },
      ]);
      const versions = await client.query('SELECT version FROM schema_migrations');
      expect(versions.rows.map((r) => r.version)).toContain('0001_accounts');
    } finally {
      await client.end();
    }
  });

  it('rolls back a failing migration and records nothing for it', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'mig-'));
    await writeFile(path.join(dir, '0001_ok.sql'), 'CREATE TABLE t_ok (id int);');
    await writeFile(
      path.join(dir, '0002_bad.sql'),
      'CREATE TABLE t_bad (id int); SELECT * FROM missing_table;',
    );
    const other = `${name}_b`;
    await ensureDatabase(serverUrl, other);
    try {
      await expect(migrate(withDatabase(serverUrl, other), { dir })).rejects.toThrow(/0002_bad\.sql failed/);
      const client = new pg.Client({ connectionString: withDatabase(serverUrl, other) });
      await client.connect();
      const tables = await client.query(
        "SELECT tablename FROM pg_tables WHERE tablename LIKE 't_%' ORDER BY 1",
      );
      const versions = await client.query('SELECT version FROM schema_migrations');
      await client.end();
      expect(tables.rows.map((r) => r.tablename)).toEqual(['t_ok']);
      expect(versions.rows.map((r) => r.version)).toEqual(['0001_ok']);
    } finally {
      await dropDatabase(serverUrl, other);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
