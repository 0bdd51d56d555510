import { keyDisplay } from '../key-labels.js';
import { useServices } from '../pane-api.js';
import { useShell } from '../shell-context.js';

/** The tile's buttons run the same commands as the keys (STYLE §5); the pane is focused first. */
const BUTTONS: readonly { command: string; icon: string; tiled?: boolean }[] = [
  // Moving a tile by mouse: swap it with its neighbour (the same commands as Alt+Shift+arrows).
  { command: 'workspace:swap-left', icon: '⇠', tiled: true },
  { command: 'workspace:swap-up', icon: '⇡', tiled: true },
  { command: 'workspace:swap-down', icon: '⇣', tiled: true },
  { command: 'workspace:swap-right', icon: '⇢', tiled: true },
  { command: 'workspace:split-right', icon: '◫' },
  { command: 'workspace:split-down', icon: '⊟' },
  { command: 'workspace:toggle-maximise', icon: '⤢', tiled: true },
  { command: 'workspace:close-pane', icon: '✕' },
];

export function TileToolbar({ paneKey, title, paneCount }: { paneKey: string; title: string; paneCount: number }) {
  const { registry, t } = useServices();
  const { shell, run, keymap, platform } = useShell();
  return (
    <div className="tile-toolbar">
      <h2 className="tile-title">{title}</h2>
      <div className="tile-buttons">
        {BUTTONS.filter((button) => !button.tiled || paneCount > 1).map((button) => {
          const spec = registry.command(button.command);
          if (!spec) return null;
          const keys = keymap.keysOf(button.command)[0];
          const label = t(spec.titleKey);
          return (
            <button
              key={button.command}
              type="button"
              className="tile-button"
              aria-label={label}
              title={keys ? `${label} (${keyDisplay(keys, platform, t)})` : label}
              onClick={() => {
                shell.focus(paneKey);
                run(button.command, 'button');
              }}
            >
              <span aria-hidden="true">{button.icon}</span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
