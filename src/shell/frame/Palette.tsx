import { Command } from 'cmdk';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PaletteItem } from '../../core/contracts.js';
import { keyDisplay } from '../key-labels.js';
import { guardPane } from '../../core/guard.js';
import { useServices } from '../pane-api.js';
import { useShell } from '../shell-context.js';
import { roleOfSession } from '../session-role.js';
import { matches } from '../palette-filter.js';

interface Found {
  providerId: string;
  items: PaletteItem[];
  /** Listed last: an action on the typed text (provider.fallback), not a hit. */
  fallback: boolean;
}

/** Debounce of the live providers, so a server search runs once the typing pauses. */
const SEARCH_DELAY_MS = 200;
const RECENT_SHOWN = 5;

/** The command palette: every available command with its keys, the panes to go to, live results. */
export default function Palette({ onClose }: { onClose: () => void }) {
  const services = useServices();
  const { t, registry, settings, session, workspace } = services;
  const { shell, run, keymap, platform } = useShell();
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found[]>([]);
  // The highlighted item. Until the user moves it, it is the first item of the list as it stands, so that
  // a provider that answers late never leaves Enter on whatever happened to arrive first.
  const [selected, setSelected] = useState('');
  const moved = useRef(false);
  const context = shell.contextKeys();

  const commands = useMemo(
    () => registry.available(context).filter((command) => command.id !== 'shell:open-palette'),
    // The palette is mounted fresh each time it opens, so the context it lists for is fixed while it shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    [registry],
  );
  const role = roleOfSession(session);
  const panes = registry
    .paneTypes()
    .filter(
      (pane) =>
        pane.inSidebar !== false &&
        !pane.route.includes(':') &&
        guardPane({ authMode: settings.authMode, hiddenPages: settings.hiddenPages, role, pane }).kind === 'allow',
    );

  useEffect(() => {
    const text = query.trim();
    const providers = registry.paletteProviders().filter((provider) => text.length >= provider.minLength && text !== '');
    if (providers.length === 0) {
      setFound([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      for (const provider of providers) {
        provider
          .search(text, controller.signal, services)
          .then((items) => {
            if (controller.signal.aborted) return;
            // In the providers' registered order, whatever order they answer in.
            const rank = (id: string) => providers.findIndex((other) => other.id === id);
            setFound((old) => [...old.filter((f) => f.providerId !== provider.id), { providerId: provider.id, items, fallback: provider.fallback === true }].sort((a, b) => rank(a.providerId) - rank(b.providerId)));
          })
          .catch(() => undefined);
      }
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, registry, services]);

  const close = () => onClose();
  // With nothing typed, the commands run last come first (the registry records every run).
  const recentIds = query.trim() === '' ? [...new Set(registry.recent().map((entry) => entry.id))].slice(0, RECENT_SHOWN) : [];
  const recent = recentIds.flatMap((id) => commands.filter((command) => command.id === id));
  const shownCommands = commands.filter(
    (command) => !recentIds.includes(command.id) && matches(query, t(command.titleKey), command.id),
  );
  const shownPanes = panes.filter((pane) => matches(query, t(pane.titleKey), pane.route));
  const hits = found.filter((group) => !group.fallback);
  const fallbacks = found.filter((group) => group.fallback);
  const itemValues = (groups: Found[]) => groups.flatMap((group) => group.items.map((item) => `${group.providerId}:${item.id}`));
  // The first item in the order shown: hits, recent and matching commands, panes, then the fallbacks.
  const first =
    itemValues(hits)[0] ??
    [...recent, ...shownCommands].map((command) => command.id)[0] ??
    shownPanes.map((pane) => `pane:${pane.id}`)[0] ??
    itemValues(fallbacks)[0] ??
    '';
  const foundGroups = (groups: Found[]) =>
    groups.map((group) =>
      group.items.length === 0 ? null : (
        <Command.Group key={group.providerId} heading={t('shell.palette.results')}>
          {group.items.map((item) => (
            <Command.Item
              key={`${group.providerId}:${item.id}`}
              value={`${group.providerId}:${item.id}`}
              onSelect={() => {
                close();
                void Promise.resolve(item.run({ ...services, keys: shell.contextKeys(), source: 'palette' })).catch((error: unknown) =>
                  console.error('Palette item failed', error),
                );
              }}
            >
              <span>{item.label}</span>
              {item.kindKey ? <span className="palette-kind">{t(item.kindKey)}</span> : null}
            </Command.Item>
          ))}
        </Command.Group>
      ),
    );
  useEffect(() => {
    if (!moved.current) setSelected(first);
  }, [first]);
  return (
    <Command.Dialog
      open
      onOpenChange={(open) => !open && close()}
      label={t('shell.palette.label')}
      shouldFilter={false}
      value={selected}
      onValueChange={setSelected}
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
    >
      <Command.Input
        value={query}
        onValueChange={(text) => {
          moved.current = false;
          setQuery(text);
        }}
        onKeyDown={(event) => {
          if (['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End'].includes(event.key)) moved.current = true;
        }}
        placeholder={t('shell.palette.placeholder')}
        aria-label={t('shell.palette.placeholder')}
      />
      <Command.List>
        <Command.Empty>{t('shell.palette.empty')}</Command.Empty>
        {foundGroups(hits)}
        {[
          { heading: 'shell.palette.recent', list: recent },
          { heading: 'shell.palette.commands', list: shownCommands },
        ].map(({ heading, list }) =>
          list.length === 0 ? null : (
            <Command.Group key={heading} heading={t(heading)}>
              {list.map((command) => {
                const keys = keymap.keysOf(command.id)[0];
                return (
                  <Command.Item
                    key={command.id}
                    value={command.id}
                    onSelect={() => {
                      close();
                      run(command.id, 'palette');
                    }}
                  >
                    <span>{t(command.titleKey)}</span>
                    {keys ? <kbd>{keyDisplay(keys, platform, t)}</kbd> : null}
                  </Command.Item>
                );
              })}
            </Command.Group>
          ),
        )}
        {shownPanes.length > 0 ? (
          <Command.Group heading={t('shell.palette.goTo')}>
            {shownPanes.map((pane) => (
              <Command.Item
                key={pane.id}
                value={`pane:${pane.id}`}
                onSelect={() => {
                  close();
                  workspace.open({ type: pane.id, params: {} }, 'replace');
                }}
              >
                <span>{t(pane.titleKey)}</span>
                <span className="palette-kind">{pane.route}</span>
              </Command.Item>
            ))}
          </Command.Group>
        ) : null}
        {foundGroups(fallbacks)}
      </Command.List>
    </Command.Dialog>
  );
}
