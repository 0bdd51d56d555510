import { Mosaic, type MosaicNode } from 'react-mosaic-component';
import 'react-mosaic-component/react-mosaic-component.css';
import { leaves, type Layout, type LayoutNode } from '../../core/layout.js';
import { useServices } from '../pane-api.js';
import { useShell, useShellState } from '../shell-context.js';
import { fromMosaic, toMosaic } from '../mosaic-tree.js';
import { PaneHost } from './PaneHost.js';
import { TileToolbar } from './TileToolbar.js';

/** A tree change from react-mosaic (a resize): same panes, new shape. Panes it lost are dropped. */
function withRoot(layout: Layout, root: LayoutNode): Layout {
  const keys = new Set(leaves(root));
  const panes = Object.fromEntries(Object.entries(layout.panes).filter(([key]) => keys.has(key)));
  const focused = keys.has(layout.focused) ? layout.focused : [...keys][0];
  return { ...layout, root, panes, focused };
}

/** The tiling: react-mosaic draws the tree and its split bars; everything else is ours. */
export function Workspace() {
  const { t, registry } = useServices();
  const { shell } = useShell();
  const { layout } = useShellState();
  const paneCount = leaves(layout.root).length;
  const shown: LayoutNode = layout.maximised ?? layout.root;

  const change = (node: MosaicNode<string> | null, release: boolean) => {
    const current = shell.get().layout;
    if (current.maximised) return;
    const root = fromMosaic(node);
    if (root === null) return;
    shell.commit(withRoot(current, root), release ? 'replace' : 'none');
  };

  return (
    <div className="workspace" data-pane-count={paneCount} data-maximised={layout.maximised ? 'true' : undefined}>
      <Mosaic<string>
        className="mosaic-shell-theme"
        value={toMosaic(shown)}
        onChange={(node) => change(node, false)}
        onRelease={(node) => change(node, true)}
        renderTile={(key) => {
          const instance = layout.panes[key];
          if (!instance) return <div />;
          const spec = registry.paneType(instance.type);
          const title = spec ? t(spec.titleKey) : instance.type;
          const focused = key === layout.focused;
          return (
            <div className={focused ? 'tile tile-focused' : 'tile'}>
              <TileToolbar paneKey={key} title={title} paneCount={paneCount} />
              <PaneHost key={key} paneKey={key} instance={instance} focused={focused} title={title} />
            </div>
          );
        }}
      />
    </div>
  );
}
