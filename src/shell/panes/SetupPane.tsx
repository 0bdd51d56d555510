import { useServices, type PaneProps } from '../pane-api.js';

/** Placeholder until the setup screens exist: the server answered 503 on settings (SPEC §4). */
export default function SetupPane(_props: PaneProps) {
  const { t } = useServices();
  return (
    <div className="pane-body setup">
      <h2>{t('shell.setup.title')}</h2>
      <p>{t('shell.setup.message')}</p>
    </div>
  );
}
