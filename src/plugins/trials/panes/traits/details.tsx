import { useServices, type PaneProps } from '../../../../shell/pane-api.js';

/** Being built: a trait's details. */
export default function Pane(props: PaneProps) {
  const { t } = useServices();
  return <section className="ui-pane" aria-label={t('trials.pane.trait')} data-pane={props.instance.type} />;
}
