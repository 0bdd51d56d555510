/**
 * The shapes of the trials answers, shared by the server that builds them and the client that reads
 * them (Germinate's names). Only type imports from src/core: the client bundle takes this file as it is.
 */
import type { DatasetSummary, Distribution } from '../../core/stats-types.js';

export type { DatasetSummary, Distribution };

/** The label of the boxes and counts of the marked germplasm (`groupIds`, a counts file's `group`). */
export const MARKED_ITEMS = 'Marked items';

/** Germinate's Quantiles: one box of a box plot. */
export interface Quantiles extends Distribution {
  datasetId: number | null;
  treatmentId: number | null;
  /** The trait. */
  xId: number;
  /** JSON-array text of the group's name, or MARKED_ITEMS; null for a dataset's box. */
  groupIds: string | null;
}

/** Germinate's ViewTableTraits without its data counts: the trait, its unit and its category. */
export interface TraitSummary {
  traitId: number;
  traitName: string;
  traitNameShort: string | null;
  traitDescription: string | null;
  dataType: string;
  traitRestrictions: unknown;
  traitIsTimeseries: boolean;
  categoryId: number | null;
  categoryName: string | null;
  unitId: number | null;
  unitName: string | null;
  unitAbbreviation: string | null;
  unitDescription: string | null;
}

/** Germinate's Treatments. */
export interface Treatment {
  id: number;
  name: string;
  description: string | null;
  createdOn: string;
  updatedOn: string;
}

/** Germinate's TraitDatasetStats (`dataset/stats/trial`): the boxes and the datasets, traits and treatments they name. */
export interface TraitDatasetStats {
  datasets: DatasetSummary[];
  traits: TraitSummary[];
  treatments: Treatment[];
  stats: Quantiles[];
}

/** What labels a box: its datasets' and treatments' names, and the boxes (the part of TraitDatasetStats charts read). */
export interface BoxNames {
  datasets: readonly Pick<DatasetSummary, 'datasetId' | 'datasetName'>[];
  treatments: readonly Pick<Treatment, 'id' | 'name'>[];
  stats: readonly Quantiles[];
}

/**
 * Germinate's GermplasmStats (`germplasm/{id}/stats/trait`) with our additions for the distribution the
 * passport draws: the quartiles of the comparison values, how many values are this germplasm's own, and
 * the trait's unit. min to max and count are over the values of every germplasm in the datasets compared;
 * avg is this germplasm's own average.
 */
export interface GermplasmStats extends Distribution {
  germplasmId: number;
  germplasmName: string;
  traitId: number;
  traitName: string;
  traitNameShort: string | null;
  unitName: string | null;
  /** This germplasm's number of values (`avg` is their average). */
  germplasmCount: number;
}

/** A visible germplasm group of a data row's germplasm. */
export interface GroupRef {
  id: number;
  name: string;
}

/**
 * A row of `dataset/data/trial/table`: Germinate's ViewTableTrialsData, one data point, with the visible
 * groups of its germplasm. A `minimal: true` row has the keys up to `groups`; the optional ones after it
 * come with full rows only. A type (not an interface), so that it is also a Record for the shared table.
 */
export type TrialsDataRow = {
  germplasmId: number;
  germplasmName: string;
  germplasmDisplayName?: string | null;
  datasetId: number;
  datasetName?: string | null;
  traitId: number;
  traitName?: string | null;
  treatment?: string | null;
  recordingDate?: string | null;
  traitValue?: string | null;
  groups?: GroupRef[];
  germplasmGid?: string | null;
  germplasmSynonyms?: unknown;
  entityParentName?: string | null;
  entityParentGeneralIdentifier?: string | null;
  entityType?: string | null;
  datasetDescription?: string | null;
  locationName?: string | null;
  countryName?: string | null;
  countryCode2?: string | null;
  traitNameShort?: string | null;
  traitRestrictions?: unknown;
  traitDataType?: string | null;
  unitName?: string | null;
  trialsetupId?: number;
  rep?: string | null;
  block?: string | null;
  trialRow?: number | null;
  trialColumn?: number | null;
  latitude?: number | null;
  longitude?: number | null;
  elevation?: number | null;
};

/** The columns of the trials data view: every key of a row but the groups, which are added after the query. */
export type TrialsDataColumn = Exclude<keyof TrialsDataRow, 'groups'>;
