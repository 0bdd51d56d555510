import { sql, type RawBuilder } from 'kysely';

/**
 * The germplasm columns a cross comparison may plot: passport values of a germplasm read by SQL from the
 * germplasm domain's tables (germinatebase, its collecting site in locations and countries, taxonomies,
 * mcpd). Clients name them as Germinate's germplasm table does, in snake or camel case (`coll_date`,
 * `collDate`, also `colldate`): names are matched without case and underscores. Only these expressions
 * reach SQL; a name not listed is an unknown column.
 */
export interface GermplasmColumn {
  /** The heading of the column in the comparison file. */
  heading: string;
  /** The value, over `g` (germinatebase), `l` (locations), `c` (countries), `t` (taxonomies) and `m` (mcpd). */
  expression: RawBuilder<unknown>;
}

const COLUMNS: Record<string, GermplasmColumn> = {
  pdci: { heading: 'PDCI', expression: sql`g.pdci` },
  latitude: { heading: 'Latitude', expression: sql`l.latitude` },
  longitude: { heading: 'Longitude', expression: sql`l.longitude` },
  elevation: { heading: 'Elevation', expression: sql`l.elevation` },
  colldate: { heading: 'Collection date', expression: sql`m.colldate` },
  location: { heading: 'Location', expression: sql`l.site_name` },
  countryname: { heading: 'Country', expression: sql`c.country_name` },
  countrycode: { heading: 'Country code', expression: sql`c.country_code2` },
  genus: { heading: 'Genus', expression: sql`t.genus` },
  species: { heading: 'Species', expression: sql`t.species` },
  subtaxa: { heading: 'Subtaxa', expression: sql`t.subtaxa` },
  germplasmnumber: { heading: 'Germplasm number', expression: sql`g.number` },
  collectornumber: { heading: 'Collector number', expression: sql`m.collnumb` },
};

/** The column a client names, or null when it is none of them. */
export function germplasmColumn(name: string): GermplasmColumn | null {
  const key = name.replace(/_/g, '').toLowerCase();
  return Object.hasOwn(COLUMNS, key) ? COLUMNS[key] : null;
}

/** The joins every column expression may read from, left joins from `g`. */
export const GERMPLASM_COLUMN_JOINS = sql`LEFT JOIN locations l ON l.id = g.location_id LEFT JOIN countries c ON c.id = l.country_id
  LEFT JOIN taxonomies t ON t.id = g.taxonomy_id LEFT JOIN mcpd m ON m.germinatebase_id = g.id`;
