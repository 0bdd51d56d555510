import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';
import type { ShellRuntime } from './shell-context.js';
import { isTypingTarget, typesText } from './key-filter.js';

/** Binds the keymap's winners on window with tinykeys, and rebinds whenever the keymap changes. */
export function useKeyBindings(runtime: ShellRuntime): void {
  const { keymap, shell, run, isAvailable } = runtime;
  useEffect(() => {
    let unbind = () => {};
    const bind = () => {
      unbind();
      const handlers: Record<string, (event: KeyboardEvent) => void> = {};
      for (const [keys, command] of Object.entries(keymap.resolve())) {
        const plain = typesText(keys);
        handlers[keys] = (event) => {
          if (plain && isTypingTarget(event.target as HTMLElement | null)) return;
          if (event.repeat && plain) return;
          // A key whose command cannot run now keeps its browser meaning (Enter on a button, say).
          if (command !== 'shell:open-palette' && !isAvailable(command)) return;
          // Bound keys belong to the workspace (Alt+← would otherwise also go Back in the browser).
          event.preventDefault();
          if (command === 'shell:open-palette' && shell.get().paletteOpen) shell.setPaletteOpen(false);
          else run(command, 'key');
        };
      }
      unbind = tinykeys(window, handlers);
    };
    bind();
    const unsubscribe = keymap.subscribe(bind);
    return () => {
      unsubscribe();
      unbind();
    };
  }, [keymap, shell, run, isAvailable]);
}
