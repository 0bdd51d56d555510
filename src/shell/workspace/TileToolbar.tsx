import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keyDisplay } from '../key-labels.js';
import { useServices } from '../pane-api.js';
import { useShell } from '../shell-context.js';
import { IconButton } from '../ui/IconButton.js';
import { Toolbar } from '../ui/Toolbar.js';

interface TileButton {
  command: string;
  icon: string;
  /** Only with more than one pane (swapping and maximising mean nothing alone). */
  tiled?: boolean;
}

// Moving a tile by mouse: swap it with its neighbour (the same commands as Alt+Shift+arrows). Four
// buttons would crowd out the title, so they sit behind one "Move" button.
const MOVES: readonly TileButton[] = [
  { command: 'workspace:swap-left', icon: '←' },
  { command: 'workspace:swap-up', icon: '↑' },
  { command: 'workspace:swap-down', icon: '↓' },
  { command: 'workspace:swap-right', icon: '→' },
];
const BUTTONS: readonly TileButton[] = [
  { command: 'workspace:split-right', icon: '◫' },
  { command: 'workspace:split-down', icon: '⊟' },
  { command: 'workspace:toggle-maximise', icon: '⤢', tiled: true },
  { command: 'workspace:close-pane', icon: '✕' },
];

/**
 * The tile's title and buttons. The buttons run the same commands as the keys (one descriptor feeds
 * every surface), focusing the pane first. Their labels show while the tile is wide enough and give
 * way to icons with tooltips when it is not (a container query on the tile), so the title keeps room.
 */
export function TileToolbar({ paneKey, title, paneCount }: { paneKey: string; title: string; paneCount: number }) {
  const { registry, t } = useServices();
  const { shell, run, keymap, platform } = useShell();
  const [moving, setMoving] = useState(false);
  const menuId = useId();
  const moveButton = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!moving) return;
    const close = (event: MouseEvent) => {
      if (!moveButton.current?.contains(event.target as Node)) setMoving(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [moving]);

  const button = (spec: TileButton, showLabel = false) => {
    const command = registry.command(spec.command);
    if (!command) return null;
    const keys = keymap.keysOf(spec.command)[0];
    return (
      <IconButton
        key={spec.command}
        className="tile-button"
        icon={spec.icon}
        label={t(command.titleKey)}
        keys={keys ? keyDisplay(keys, platform, t) : undefined}
        labelHidden={showLabel ? false : undefined}
        onClick={() => {
          setMoving(false);
          shell.focus(paneKey);
          run(spec.command, 'button');
        }}
      />
    );
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setMoving(false);
    moveButton.current?.querySelector<HTMLButtonElement>('button')?.focus();
  };

  return (
    <div className="tile-toolbar">
      <h2 className="tile-title" title={title}>
        {title}
      </h2>
      <Toolbar label={t('shell.tile.actions', { title })} className="tile-buttons">
        {paneCount > 1 ? (
          <div className="tile-move" ref={moveButton} onKeyDown={onMenuKeyDown}>
            <IconButton
              className="tile-button"
              icon="✥"
              label={t('shell.tile.move')}
              aria-expanded={moving}
              aria-controls={menuId}
              onClick={() => setMoving((open) => !open)}
            />
            {moving ? (
              <div id={menuId} className="tile-move-menu" role="group" aria-label={t('shell.tile.move')}>
                {MOVES.map((spec) => button(spec, true))}
              </div>
            ) : null}
          </div>
        ) : null}
        {BUTTONS.filter((spec) => !spec.tiled || paneCount > 1).map((spec) => button(spec))}
      </Toolbar>
    </div>
  );
}
