import { useEffect } from 'react';
import { tinykeys } from 'tinykeys';
import type { ShellRuntime } from './shell-context.js';
import { isTypingTarget, typesText } from './key-filter.js';

/**
 * Binds every key of the keymap on window with tinykeys, and rebinds whenever the keymap changes. A
 * key may run different commands in different panes: on a press the first of its candidates whose
 * `when` passes now runs (the keymap orders them: higher layer, then first registered).
 */
export function useKeyBindings(runtime: ShellRuntime): void {
  const { keymap, shell, run, isAvailable } = runtime;
  useEffect(() => {
    let unbind = () => {};
    const bind = () => {
      unbind();
      const handlers: Record<string, (event: KeyboardEvent) => void> = {};
      for (const [keys, commands] of Object.entries(keymap.candidates())) {
        const plain = typesText(keys);
        handlers[keys] = (event) => {
          if (plain && isTypingTarget(event.target as HTMLElement | null)) return;
          if (event.repeat && plain) return;
          // A key with no command that can run now keeps its browser meaning (Enter on a button, say).
          const command = commands.find((id) => id === 'shell:open-palette' || isAvailable(id));
          if (command === undefined) return;
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
