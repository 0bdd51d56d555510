import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../server/db/database.js';
import { tableExists } from '../../server/db/table-exists.js';

/**
 * What other domains hold of a germplasm, moved to the preferred one when germplasm are merged (their rows
 * would otherwise go with the deleted germplasm, by cascade or as orphans): plots of trials, pedigree edges
 * and definitions, genotype memberships, images, comments and group memberships. Each table is read by its
 * SQL name and only where its domain is installed. Ids are bound parameters.
 */
export async function moveGermplasmLinks(db: Kysely<unknown>, dialect: DialectName, preferred: number, others: readonly number[]): Promise<void> {
  const ids = sql.join(others.map((id) => sql`${id}`));
  const has = (table: string) => tableExists(db, dialect, table);
  const run = (query: RawBuilder<unknown>) => query.execute(db);

  if (await has('trialsetup')) await run(sql`UPDATE trialsetup SET germinatebase_id = ${preferred} WHERE germinatebase_id IN (${ids})`);
  if (await has('pedigrees')) {
    await run(sql`UPDATE pedigrees SET germinatebase_id = ${preferred} WHERE germinatebase_id IN (${ids})`);
    await run(sql`UPDATE pedigrees SET parent_id = ${preferred} WHERE parent_id IN (${ids})`);
    // An edge between two of the merged germplasm would make the preferred one its own parent.
    await run(sql`DELETE FROM pedigrees WHERE germinatebase_id = ${preferred} AND parent_id = ${preferred}`);
  }
  if (await has('pedigreedefinitions')) await run(sql`UPDATE pedigreedefinitions SET germinatebase_id = ${preferred} WHERE germinatebase_id IN (${ids})`);
  if (await has('datasetmembers')) {
    // Member type 2: germplasm of genotype datasets.
    await run(sql`UPDATE datasetmembers SET foreign_id = ${preferred} WHERE datasetmembertype_id = 2 AND foreign_id IN (${ids})`);
  }
  if (await has('images')) {
    await run(sql`UPDATE images SET foreign_id = ${preferred} WHERE foreign_id IN (${ids})
      AND imagetype_id IN (SELECT it.id FROM imagetypes it WHERE it.reference_table = 'germinatebase')`);
  }
  await run(sql`UPDATE comments SET reference_id = ${preferred} WHERE reference_id IN (${ids})
    AND commenttype_id IN (SELECT ct.id FROM commenttypes ct WHERE ct.reference_table = 'germinatebase')`);
  if (await has('groupmembers')) {
    // A group holds a member once: the preferred one joins the others' groups it is not in yet.
    const germplasmGroups = sql`SELECT g.id FROM groups g JOIN grouptypes gt ON gt.id = g.grouptype_id WHERE gt.target_table = 'germinatebase'`;
    await run(sql`INSERT INTO groupmembers (foreign_id, group_id)
      SELECT DISTINCT CAST(${preferred} AS integer), gm.group_id FROM groupmembers gm
      WHERE gm.foreign_id IN (${ids}) AND gm.group_id IN (${germplasmGroups})
        AND NOT EXISTS (SELECT 1 FROM groupmembers have WHERE have.group_id = gm.group_id AND have.foreign_id = ${preferred})`);
    await run(sql`DELETE FROM groupmembers WHERE foreign_id IN (${ids}) AND group_id IN (${germplasmGroups})`);
  }
}
