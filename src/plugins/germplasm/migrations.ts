import { sql } from 'kysely';
import type { SchemaMigration } from '../../server/db/migration.js';
import { columnTypes, withId, withTimestamps } from '../../server/db/migration.js';
import { COUNTRIES, FORMER_COUNTRIES } from './countries.js';
import { COLLSRC, ENTITY_TYPES, MLSSTAT, SAMPSTAT } from './mcpd-codes.js';
import { germplasmIndexMigrations } from './index-migrations.js';

const MCPD_TEXT = [
  'puid', 'instcode', 'collnumb', 'collcode', 'collname', 'collinstaddress', 'collmissid', 'genus', 'species',
  'spauthor', 'subtaxa', 'subtauthor', 'cropname', 'accename', 'acqdate', 'origcty', 'collsite',
] as const;

export const germplasmMigrations: SchemaMigration[] = [
  {
    name: '1000-germplasm-tables',
    async up(db, dialect) {
      const t = columnTypes(dialect);
      const lookup = async (table: string, label: string) => {
        await db.schema
          .createTable(table)
          .addColumn('id', 'integer', (c) => c.primaryKey())
          .addColumn(label, 'text', (c) => c.notNull())
          .execute();
      };
      await lookup('biologicalstatus', 'sampstat');
      await lookup('collectingsources', 'collsrc');
      await lookup('mlsstatus', 'description');
      await db.schema
        .createTable('entitytypes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .execute();
      await db.schema
        .createTable('locationtypes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .execute();
      await db.schema
        .createTable('synonymtypes')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('target_table', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .execute();
      await db.schema
        .createTable('countries')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('country_code2', 'text', (c) => c.notNull())
        .addColumn('country_code3', 'text', (c) => c.notNull())
        .addColumn('country_name', 'text', (c) => c.notNull())
        .execute();

      await withTimestamps(
        withId(db.schema.createTable('taxonomies'), dialect)
          .addColumn('genus', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('species', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('subtaxa', 'text')
          .addColumn('species_author', 'text')
          .addColumn('subtaxa_author', 'text')
          .addColumn('cropname', 'text')
          .addColumn('ploidy', 'integer'), dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('locations'), dialect)
          .addColumn('locationtype_id', 'integer', (c) => c.notNull().references('locationtypes.id'))
          .addColumn('country_id', 'integer', (c) => c.notNull().references('countries.id'))
          .addColumn('state', 'text')
          .addColumn('region', 'text')
          .addColumn('site_name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('site_name_short', 'text')
          .addColumn('elevation', t.real)
          .addColumn('latitude', t.real)
          .addColumn('longitude', t.real)
          .addColumn('coordinate_uncertainty', 'integer')
          .addColumn('coordinate_datum', 'text')
          .addColumn('georeferencing_method', 'text'), dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('germinatebase'), dialect)
          .addColumn('general_identifier', 'text', (c) => c.notNull())
          .addColumn('number', 'text')
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('bank_number', 'text')
          .addColumn('taxonomy_id', 'integer', (c) => c.references('taxonomies.id').onDelete('set null'))
          .addColumn('plant_passport', 'text')
          .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
          .addColumn('entitytype_id', 'integer', (c) => c.references('entitytypes.id').onDelete('set null').defaultTo(1))
          .addColumn('entityparent_id', 'integer', (c) => c.references('germinatebase.id').onDelete('set null'))
          .addColumn('pdci', t.real), dialect).execute();

      let mcpd = db.schema
        .createTable('mcpd')
        .addColumn('germinatebase_id', 'integer', (c) => c.primaryKey().references('germinatebase.id').onDelete('cascade'))
        .addColumn('accenumb', 'text', (c) => c.notNull());
      for (const column of MCPD_TEXT) mcpd = mcpd.addColumn(column, 'text');
      mcpd = mcpd
        .addColumn('declatitude', t.real)
        .addColumn('latitude', 'text')
        .addColumn('declongitude', t.real)
        .addColumn('longitude', 'text')
        .addColumn('coorduncert', 'integer')
        .addColumn('coorddatum', 'text')
        .addColumn('georefmeth', 'text')
        .addColumn('elevation', t.real)
        .addColumn('colldate', 'text')
        .addColumn('bredcode', 'text')
        .addColumn('bredname', 'text')
        .addColumn('sampstat', 'integer', (c) => c.references('biologicalstatus.id'))
        .addColumn('ancest', 'text')
        .addColumn('collsrc', 'integer', (c) => c.references('collectingsources.id'))
        .addColumn('donorcode', 'text')
        .addColumn('donorname', 'text')
        .addColumn('donornumb', 'text')
        .addColumn('othernumb', 'text')
        .addColumn('duplsite', 'text')
        .addColumn('duplinstname', 'text')
        .addColumn('storage', 'text')
        .addColumn('mlsstat', 'integer', (c) => c.references('mlsstatus.id'))
        .addColumn('remarks', 'text');
      await withTimestamps(mcpd, dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('synonyms'), dialect)
          .addColumn('foreign_id', 'integer', (c) => c.notNull())
          .addColumn('synonymtype_id', 'integer', (c) => c.notNull().references('synonymtypes.id').onDelete('cascade'))
          .addColumn('synonyms', t.json), dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('institutions'), dialect)
          .addColumn('code', 'text')
          .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
          .addColumn('acronym', 'text')
          .addColumn('country_id', 'integer', (c) => c.references('countries.id'))
          .addColumn('contact', 'text')
          .addColumn('phone', 'text')
          .addColumn('email', 'text')
          .addColumn('address', 'text'), dialect).execute();

      await withTimestamps(
        db.schema
          .createTable('germplasminstitutions')
          .addColumn('germinatebase_id', 'integer', (c) => c.notNull().references('germinatebase.id').onDelete('cascade'))
          .addColumn('institution_id', 'integer', (c) => c.notNull().references('institutions.id').onDelete('cascade'))
          .addColumn('type', 'text', (c) =>
            c.notNull().defaultTo('maintenance').check(sql`type in ('collection','maintenance','breeding','duplicate','donor')`),
          )
          .addPrimaryKeyConstraint('germplasminstitutions_pk', ['germinatebase_id', 'institution_id', 'type']), dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('attributes'), dialect)
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('datatype', 'text', (c) =>
            c.notNull().defaultTo('text').check(sql`datatype in ('categorical','numeric','text','date')`),
          )
          .addColumn('target_table', 'text', (c) => c.notNull().defaultTo('germinatebase')), dialect).execute();

      await withTimestamps(
        withId(db.schema.createTable('attributedata'), dialect)
          .addColumn('attribute_id', 'integer', (c) => c.notNull().references('attributes.id').onDelete('cascade'))
          .addColumn('foreign_id', 'integer', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull()), dialect).execute();

      // Indexes for lookups by name/number (importers, "germplasm by name") and the table's joins and sorts.
      const index = (name: string, table: string, columns: string[]) =>
        db.schema.createIndex(name).on(table).columns(columns).execute();
      await index('germinatebase_name', 'germinatebase', ['name']);
      await index('germinatebase_general_identifier', 'germinatebase', ['general_identifier']);
      await index('germinatebase_display_name', 'germinatebase', ['display_name']);
      await index('germinatebase_number', 'germinatebase', ['number']);
      await index('germinatebase_taxonomy', 'germinatebase', ['taxonomy_id']);
      await index('germinatebase_location', 'germinatebase', ['location_id']);
      await index('germinatebase_entityparent', 'germinatebase', ['entityparent_id']);
      await index('locations_country', 'locations', ['country_id']);
      await index('synonyms_foreign', 'synonyms', ['foreign_id', 'synonymtype_id']);
      await index('germplasminstitutions_institution', 'germplasminstitutions', ['institution_id']);
      await index('attributedata_foreign', 'attributedata', ['foreign_id']);
      await index('attributedata_attribute', 'attributedata', ['attribute_id']);
      await index('institutions_code', 'institutions', ['code']);
      await index('countries_code3', 'countries', ['country_code3']);
      if (dialect === 'sqlite') {
        // Case-insensitive lookups by accession number and name use these (COLLATE NOCASE in the query).
        await sql`CREATE INDEX germinatebase_gid_nocase ON germinatebase (general_identifier COLLATE NOCASE)`.execute(db);
        await sql`CREATE INDEX germinatebase_name_nocase ON germinatebase (name COLLATE NOCASE)`.execute(db);
      } else {
        await sql`CREATE INDEX germinatebase_gid_lower ON germinatebase (lower(general_identifier))`.execute(db);
        await sql`CREATE INDEX germinatebase_name_lower ON germinatebase (lower(name))`.execute(db);
      }
    },
  },
  {
    name: '1001-germplasm-seed',
    async up(db) {
      const insert = (table: string, rows: Record<string, unknown>[]) =>
        (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
          .insertInto(table)
          .values(rows)
          .execute();
      await insert('biologicalstatus', SAMPSTAT.map(([id, label]) => ({ id, sampstat: label })));
      await insert('collectingsources', COLLSRC.map(([id, label]) => ({ id, collsrc: label })));
      await insert('mlsstatus', MLSSTAT.map(([id, label]) => ({ id, description: label })));
      await insert('entitytypes', ENTITY_TYPES.map(([id, name]) => ({ id, name, description: null })));
      await insert('locationtypes', [
        { id: 1, name: 'collectingsites', description: 'Collecting sites' },
        { id: 2, name: 'datasets', description: 'Dataset locations' },
        { id: 3, name: 'trialsite', description: 'Trial sites' },
      ]);
      await insert('synonymtypes', [
        { id: 1, target_table: 'germinatebase', name: 'Germplasm', description: 'Germplasm synonyms' },
        { id: 2, target_table: 'markers', name: 'Markers', description: 'Marker synonyms' },
        { id: 4, target_table: 'phenotypes', name: 'Traits', description: 'Trait synonyms' },
      ]);
      for (let i = 0; i < COUNTRIES.length; i += 100) {
        await insert(
          'countries',
          COUNTRIES.slice(i, i + 100).map(([id, code3, code2, name]) => ({
            id,
            country_code3: code3,
            country_code2: code2,
            country_name: name,
          })),
        );
      }
    },
  },
  {
    // MCPD v2.1: "for country names no longer existing, the ISO 3166-3 code should be used". Genebank
    // passports (e.g. Genesys) carry them, so they are countries of origin here too.
    name: '1002-former-countries',
    async up(db) {
      await (db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>)
        .insertInto('countries')
        .values(
          FORMER_COUNTRIES.map(([id, code3, code2, name]) => ({ id, country_code3: code3, country_code2: code2, country_name: name })),
        )
        .execute();
    },
  },
  {
    // Which locations a dataset covers (trial sites, climate stations); locations live in this domain.
    name: '1003-dataset-locations',
    async up(db, dialect) {
      await withTimestamps(
        db.schema
          .createTable('datasetlocations')
          .addColumn('dataset_id', 'integer', (c) => c.notNull().references('datasets.id').onDelete('cascade'))
          .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
          .addPrimaryKeyConstraint('datasetlocations_pk', ['dataset_id', 'location_id']),
        dialect,
      ).execute();
    },
  },
  // The germplasm table's filters and sorts served by indexes (index-migrations.ts).
  ...germplasmIndexMigrations,
];
