import { useServices, type PaneProps } from '../../../../shell/pane-api.js';

/** Being built: the cross data-type comparison. */
export default function Pane(props: PaneProps) {
  const { t } = useServices();
  return <section className="ui-pane" aria-label={t('trials.pane.cross')} data-pane={props.instance.type} />;
}
