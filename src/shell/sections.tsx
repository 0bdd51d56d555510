import { lazy, Suspense, useMemo, useSyncExternalStore, type ComponentType, type LazyExoticComponent } from 'react';
import type { SectionSpec } from '../core/contracts.js';
import type { GeoSearch } from '../core/geo-search.js';
import { hasRole } from '../core/roles.js';
import { useServices } from './pane-api.js';

/**
 * Sections that plugins add to another plugin's screen (contributes.sections), by slot. The screen's owner
 * names the slot and the props its sections get; the contributing plugin's module default-exports a
 * component taking them. Sections above the caller's role are left out.
 */

/** The props of an export page section (slot `datasets:export-<type>`): the checked datasets of the URL. */
export interface ExportPageProps {
  datasets: readonly ExportDataset[];
  paneKey: string;
  /** The export pane's view state (in the URL): the page keeps its selections and tab here. */
  state: Record<string, unknown>;
  setState(state: Record<string, unknown>): void;
}

/** A dataset row as the export pane checked it (the dataset table's row; other keys as the server sent them). */
export type ExportDataset = { datasetId: number; datasetName?: unknown; datasetDescription?: unknown } & Record<string, unknown>;

/** The passport's slot: sections other domains add to a germplasm's page (trait performance, images…). */
export const PASSPORT_SLOT = 'germplasm:passport';

/** The props of a passport section. */
export interface PassportSectionProps {
  germplasmId: number;
  paneKey: string;
}

/** The geographic search's slot: result sections of each domain (germplasm, locations) for the applied search. */
export const GEO_RESULTS_SLOT = 'locations:geographic-results';

/** The props of a geographic result section; a section keeps its table's view state under its own key of the pane's state. */
export interface GeoResultsProps {
  search: GeoSearch;
  paneKey: string;
  state: Record<string, unknown>;
  setState(state: Record<string, unknown>): void;
}

/** The slot of a dataset type's export page. */
export const exportPageSlot = (datasetType: string) => `datasets:export-${datasetType}`;

/** The sections of a slot the caller may see; follows plugin (un)registration. */
export function useSections(slot: string): readonly SectionSpec[] {
  const { registry, session } = useServices();
  const version = useSyncExternalStore(
    (listener) => registry.subscribe(listener),
    () => registry.plugins().length,
  );
  const current = session.current();
  const role = current && session.isValid() && current.role !== 'UNKNOWN' ? current.role : null;
  // `version` changes when plugins come and go, and with it the sections to show.
  return useMemo(() => {
    void version;
    return registry.sections(slot).filter((spec) => spec.minRole == null || (role !== null && hasRole(role, spec.minRole)));
  }, [registry, slot, role, version]);
}

// One lazy component per section id, so re-renders keep the loaded module (React needs a stable type).
const loaded = new Map<string, LazyExoticComponent<ComponentType<object>>>();

function componentOf(spec: SectionSpec): LazyExoticComponent<ComponentType<object>> {
  let component = loaded.get(spec.id);
  if (!component) {
    component = lazy(spec.load as () => Promise<{ default: ComponentType<object> }>);
    loaded.set(spec.id, component);
  }
  return component;
}

/** Renders one section with the slot's props, while loading a status line. */
export function SectionView<P extends object>({ spec, props }: { spec: SectionSpec; props: P }) {
  const { t } = useServices();
  const Component = componentOf(spec) as unknown as ComponentType<P>;
  return (
    <Suspense fallback={<p role="status">{t('shell.loading')}</p>}>
      <Component {...props} />
    </Suspense>
  );
}

/** Every section of a slot, each under its own heading (h3) as a labelled region of the screen. */
export function SlotSections<P extends { paneKey: string }>({ slot, props }: { slot: string; props: P }) {
  const { t } = useServices();
  const sections = useSections(slot);
  return (
    <>
      {sections.map((spec) => {
        const headingId = `${props.paneKey}-${spec.id.replace(':', '-')}`;
        return (
          <section key={spec.id} aria-labelledby={headingId} data-section={spec.id}>
            <h3 id={headingId}>{t(spec.titleKey)}</h3>
            <SectionView<P> spec={spec} props={props} />
          </section>
        );
      })}
    </>
  );
}
