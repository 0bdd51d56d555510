import type { PassportSectionProps } from '../../../../shell/sections.js';

/** Being built: the passport's trait performance. */
export default function TraitPerformance(props: PassportSectionProps) {
  return <div data-germplasm={props.germplasmId} />;
}
