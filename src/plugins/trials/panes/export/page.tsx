import type { ExportPageProps } from '../../../../shell/sections.js';

/** Being built: the trials export page. */
export default function TrialsExport(props: ExportPageProps) {
  return <div data-datasets={props.datasets.map((d) => d.datasetId).join(',')} />;
}
