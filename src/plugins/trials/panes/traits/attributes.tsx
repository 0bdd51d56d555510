import useSWR from 'swr';
import { useServices } from '../../../../shell/pane-api.js';
import { ListTable, type Column } from '../../../../shell/table/ListTable.js';
import { byTraitId } from './trait-reads.js';

/** A trait's attribute value (ViewTableTraitAttributes). */
export type TraitAttribute = {
  attributeValueId: number;
  attributeName?: string | null;
  attributeDescription?: string | null;
  attributeType?: string | null;
  attributeValue?: string | null;
};

/** Attribute values of a trait shown at most (a trait has a handful). */
const MAX_ATTRIBUTES = 1000;

/** The trait's attribute values; the details pane shows their section only when there are any. */
export function useTraitAttributes(traitId: number | null) {
  const { api } = useServices();
  return useSWR(traitId === null ? null : ['trials:trait-attributes', traitId], () =>
    api.table<TraitAttribute>('trait/attribute', { page: 1, limit: MAX_ATTRIBUTES, orderBy: 'attributeName', ascending: 1, filter: byTraitId(traitId ?? 0) }).then((r) => r.data),
  );
}

export function Attributes(props: { rows: readonly TraitAttribute[]; caption: string }) {
  const { t } = useServices();
  const columns: Column<TraitAttribute>[] = [
    { key: 'attributeName', label: t('trials.trait.attributes.name') },
    { key: 'attributeDescription', label: t('trials.trait.attributes.description'), className: 'ui-wrap' },
    { key: 'attributeType', label: t('trials.trait.attributes.type') },
    { key: 'attributeValue', label: t('trials.trait.attributes.value'), className: 'ui-wrap' },
  ];
  return <ListTable<TraitAttribute> caption={props.caption} captionHidden columns={columns} rowKey={(row) => row.attributeValueId} rows={props.rows} emptyText={t('trials.trait.attributes.none')} />;
}
