import { useServices, type PaneProps } from '../../../../shell/pane-api.js';

/** Being built: trial creation. */
export default function Pane(props: PaneProps) {
  const { t } = useServices();
  return <section className="ui-pane" aria-label={t('trials.pane.create')} data-pane={props.instance.type} />;
}
