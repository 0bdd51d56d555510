import { useServices, type PaneProps } from '../../../../shell/pane-api.js';

/** Being built: the traits table. */
export default function Pane(props: PaneProps) {
  const { t } = useServices();
  return <section className="ui-pane" aria-label={t('trials.pane.traits')} data-pane={props.instance.type} />;
}
