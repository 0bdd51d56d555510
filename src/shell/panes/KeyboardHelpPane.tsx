import { keyDisplay } from '../key-labels.js';
import { useShell } from '../shell-context.js';
import { useServices, type PaneProps } from '../pane-api.js';

/**
 * Every command with its keys and where it is enabled, straight from the registry and the keymap, so it
 * cannot go stale. One key may appear on several rows: each runs in the panes its `when` names.
 */
export default function KeyboardHelpPane(_props: PaneProps) {
  const { t, registry } = useServices();
  const { keymap, platform } = useShell();
  const rows = registry.describe().filter((row) => row.kind === 'command');
  const plugins = [...new Set(rows.map((row) => row.pluginId))];
  return (
    <div className="pane-body help">
      <p>{t('help.intro')}</p>
      <p>{t('help.typing')}</p>
      {plugins.map((pluginId) => (
        <table key={pluginId} className="help-table">
          <caption>{t('help.plugin', { plugin: t(`shell.plugin.${pluginId}`) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('help.command')}</th>
              <th scope="col">{t('help.keys')}</th>
              <th scope="col">{t('help.when')}</th>
              <th scope="col">{t('help.id')}</th>
            </tr>
          </thead>
          <tbody>
            {rows
              .filter((row) => row.pluginId === pluginId)
              .map((row) => {
                const keys = keymap.keysOf(row.id);
                return (
                  <tr key={row.id}>
                    <td>{row.titleKey ? t(row.titleKey) : row.id}</td>
                    <td>
                      {keys.length === 0
                        ? t('help.noKeys')
                        : keys.map((key) => (
                            <kbd key={key}>{keyDisplay(key, platform, t)}</kbd>
                          ))}
                    </td>
                    <td>{row.when === null ? t('help.always') : <code>{row.when}</code>}</td>
                    <td>
                      <code>{row.id}</code>
                    </td>
                  </tr>
                );
              })}
          </tbody>
        </table>
      ))}
    </div>
  );
}
