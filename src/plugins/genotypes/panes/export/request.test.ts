import { describe, expect, it } from 'vitest';
import { germplasmChoice } from '../../../../shell/export/germplasm-choice.js';
import { chosenMap, defaultMap, exportRequest, problemKey, tickedDatasets, type DatasetMap, type ExportInput } from './request.js';
import { DEFAULT_STATE, type GenotypeExportState } from './state.js';

const MAPS: DatasetMap[] = [
  { mapId: 1, mapName: 'Small', markerCount: 10 },
  { mapId: 2, mapName: 'Example map', markerCount: 1000 },
  { mapId: 3, mapName: 'Tie', markerCount: 1000 },
];

function input(state: Partial<GenotypeExportState>, more: Partial<ExportInput> = {}): ExportInput {
  const full = { ...DEFAULT_STATE, ...state };
  return { datasetIds: [4], state: full, germplasm: germplasmChoice(full, [21, 22], [31]), markedMarkers: [], maps: MAPS, ...more };
}

describe('genotype export request', () => {
  it('by default asks for every germplasm and marker of the dataset, on the map with most markers, as the flat file', () => {
    expect(exportRequest(input({}))).toEqual({
      ok: true,
      body: {
        datasetIds: [4],
        xIds: null,
        xGroupIds: null,
        yIds: null,
        yGroupIds: null,
        mapId: 2,
        generateFlatFile: true,
        generateHapMap: false,
        generateFlapjackProject: false,
        generateVcf: false,
      },
    });
  });

  it('sends germplasm groups, marked germplasm, the listed names’ ids, marked markers and marker groups', () => {
    const body = (state: Partial<GenotypeExportState>, more?: Partial<ExportInput>) => {
      const outcome = exportRequest(input(state, more));
      if (!outcome.ok) throw new Error(outcome.problem);
      return outcome.body;
    };
    expect(body({ germplasm: 'groups', groups: [3, 1] })).toMatchObject({ yIds: null, yGroupIds: [3, 1] });
    expect(body({ germplasm: 'marked' })).toMatchObject({ yIds: [21, 22], yGroupIds: null });
    expect(body({ germplasm: 'list', names: ['Heris'] })).toMatchObject({ yIds: [31], yGroupIds: null });
    expect(body({ markers: 'marked' }, { markedMarkers: [7, 8] })).toMatchObject({ xIds: [7, 8], xGroupIds: null });
    expect(body({ markers: 'groups', markerGroups: [5] })).toMatchObject({ xIds: null, xGroupIds: [5] });
    expect(body({ formats: ['hapMap', 'vcf'] })).toMatchObject({ generateFlatFile: false, generateHapMap: true, generateVcf: true, generateFlapjackProject: false });
  });

  it('says what is missing instead of asking for everything', () => {
    const problem = (state: Partial<GenotypeExportState>, more?: Partial<ExportInput>) => {
      const outcome = exportRequest(input(state, more));
      return outcome.ok ? null : outcome.problem;
    };
    expect(problem({ germplasm: 'groups' })).toBe('noGroups');
    expect(problem({ germplasm: 'marked' }, { germplasm: germplasmChoice({ ...DEFAULT_STATE, germplasm: 'marked' }, [], null) })).toBe('noMarked');
    expect(problem({ markers: 'marked' })).toBe('noMarkedMarkers');
    expect(problem({ markers: 'groups' })).toBe('noMarkerGroups');
    expect(problem({ formats: [] })).toBe('noFormat');
    expect(problem({ unticked: [4, 5] }, { datasetIds: [4, 5] })).toBe('noDatasets');
    expect(problemKey('noGroups')).toBe('shell.export.reason.noGroups');
    expect(problemKey('noFormat')).toBe('genotypes.exportPage.reason.noFormat');
  });

  it('chooses the map: the one named if the datasets have it, none when asked, else the one with most markers', () => {
    expect(defaultMap(MAPS)).toBe(2);
    expect(defaultMap([])).toBeNull();
    expect(chosenMap(1, MAPS)).toBe(1);
    expect(chosenMap('none', MAPS)).toBeNull();
    // A hand-edited address naming a map the datasets lack.
    expect(chosenMap(99, MAPS)).toBe(2);
    expect(chosenMap(null, [])).toBeNull();
  });

  it('exports one dataset implicitly, of several the ticked ones', () => {
    expect(tickedDatasets([4], [4])).toEqual([4]);
    expect(tickedDatasets([4, 5, 6], [5])).toEqual([4, 6]);
    expect(exportRequest(input({ unticked: [5] }, { datasetIds: [4, 5, 6] }))).toMatchObject({ ok: true, body: { datasetIds: [4, 6] } });
  });

  it('sends the phenotype file’s trials datasets and traits only when both are chosen', () => {
    const body = (state: Parameters<typeof input>[0]) => {
      const outcome = exportRequest(input(state));
      return outcome.ok ? outcome.body : null;
    };
    expect(body({ phenotypeDatasets: [7] })).not.toHaveProperty('phenotypeTraitIds');
    expect(body({ phenotypeTraits: [3] })).not.toHaveProperty('phenotypeDatasetIds');
    expect(body({ phenotypeDatasets: [7, 8], phenotypeTraits: [3, 1] })).toMatchObject({ phenotypeDatasetIds: [7, 8], phenotypeTraitIds: [3, 1] });
  });
});
