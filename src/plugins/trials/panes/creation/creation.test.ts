import { describe, expect, it } from 'vitest';
import { addEntries, blockedAt, designOf, emptyDraft, fittedField, hasUnsavedWork, layoutOf, moved, type Draft } from './draft.js';
import { lookupBatches, nameFilters, parseNames, resolveNames } from './name-lookup.js';
import { previewGrid } from './preview.js';
import { absoluteApiBase, cellsNamed, fieldhubUrl, gridscoreLink, saveProblem, trialRequest } from './save.js';

const names = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `G${i + 1}` }));

describe('looking up germplasm names', () => {
  it('reads a pasted list: trimmed, blanks dropped, repeats kept once ignoring case', () => {
    expect(parseNames(' Heris \r\n\nDialog\nheris\n  \nZenit')).toEqual(['Heris', 'Dialog', 'Zenit']);
  });

  it('asks for names and display names, a single name twice so that a comma does not split it', () => {
    expect(nameFilters(['Barke, early'])).toEqual([
      { column: 'germplasmName', comparator: 'inSet', operator: 'or', values: ['Barke, early', 'Barke, early'] },
      { column: 'germplasmDisplayName', comparator: 'inSet', operator: 'or', values: ['Barke, early', 'Barke, early'] },
    ]);
    expect(lookupBatches(['a', 'b', 'c'], 2).map((batch) => batch[0].values)).toEqual([['a', 'b'], ['c', 'c']]);
  });

  it('resolves as the server does: name first (lowest id), then a display name only one germplasm has', () => {
    const rows = [
      { germplasmId: 7, germplasmName: 'Heris', germplasmDisplayName: 'H' },
      { germplasmId: 3, germplasmName: 'heris', germplasmDisplayName: null },
      { germplasmId: 9, germplasmName: 'ACC-9', germplasmDisplayName: 'Dialog' },
      { germplasmId: 10, germplasmName: 'ACC-10', germplasmDisplayName: 'Twin' },
      { germplasmId: 11, germplasmName: 'ACC-11', germplasmDisplayName: 'twin' },
    ];
    const lookup = resolveNames(['HERIS', 'dialog', 'Twin', 'Nothing', 'heris'], rows);
    expect([...lookup.found.entries()]).toEqual([
      ['heris', { id: 3, name: 'heris' }],
      ['dialog', { id: 9, name: 'ACC-9' }],
    ]);
    expect(lookup.ambiguous).toEqual(['Twin']);
    expect(lookup.missing).toEqual(['Nothing']);
  });
});

describe('the draft', () => {
  const withEntries = (n: number, checks = 0): Draft => {
    const entries = addEntries([], names(n)).map((e, i) => ({ ...e, isCheck: i < checks }));
    return { ...emptyDraft('42'), entries };
  };

  it('adds germplasm once each, keeping the order', () => {
    const first = addEntries([], [{ id: 2, name: 'B' }, { id: 1, name: 'A' }]);
    expect(addEntries(first, [{ id: 1, name: 'A' }, { id: 3, name: 'C' }]).map((e) => e.id)).toEqual([2, 1, 3]);
  });

  it('will not leave the germplasm step without germplasm or with checks only', () => {
    const empty = emptyDraft('1');
    expect(blockedAt(empty, designOf(empty))).toBe('trials.creation.germplasm.needSome');
    const checksOnly = withEntries(2, 2);
    expect(blockedAt(checksOnly, designOf(checksOnly))).toBe('trials.creation.germplasm.needEntry');
    expect(moved(empty, 1, designOf(empty))).toBe(empty);
  });

  it('fits the field to the design when the design step is entered with no size', () => {
    const draft = withEntries(10, 2);
    const next = moved(draft, 1, designOf(draft));
    expect(next.step).toBe('design');
    // Two replicates of 10 plots: 20 plots, 5 columns (the square root, rounded up), 4 rows.
    expect([next.designer.rows, next.designer.columns]).toEqual(['4', '5']);
    const design = designOf(next);
    expect(design.ok).toBe(true);
    if (design.ok) {
      expect(design.plots).toHaveLength(20);
      expect(design.plots.filter((p) => p.isCheck)).toHaveLength(4);
      expect(new Set(design.plots.map((p) => p.rep))).toEqual(new Set(['1', '2']));
    }
    expect(moved(next, -1, design).step).toBe('germplasm');
  });

  it('keeps the designer problems and refuses the next step while the design fails', () => {
    const draft = { ...withEntries(4), step: 'design' as const, designer: { ...emptyDraft('1').designer, rows: '1', columns: '2' } };
    const design = designOf(draft);
    expect(design.ok).toBe(false);
    if (!design.ok) expect(design.problems.map((p) => p.key)).toEqual(['trials.design.designer.tooFewCells']);
    expect(blockedAt(draft, design)).toBe('trials.creation.design.fixDesign');
    expect(layoutOf(draft, design)).toBeNull();
  });

  it('uses a layout file only without problems', () => {
    const base = { ...withEntries(2), step: 'design' as const, source: 'file' as const };
    const design = designOf(base);
    expect(blockedAt(base, design)).toBe('trials.creation.design.needFile');
    const plots = [{ germplasm: 'G1', row: 1, column: 1, line: 2 }];
    const bad = { ...base, file: { name: 'f.csv', plots, problems: [{ key: 'trials.design.layout.empty' as const }] } };
    expect(layoutOf(bad, design)).toBeNull();
    const good = { ...base, file: { name: 'f.csv', plots, problems: [] } };
    expect(layoutOf(good, design)).toEqual(plots);
    expect(blockedAt(good, design)).toBeNull();
  });

  it('has unsaved work (the leave guard is set) only when changed since saved and something is chosen', () => {
    expect(hasUnsavedWork(emptyDraft('1'))).toBe(false);
    expect(hasUnsavedWork({ ...emptyDraft('1'), dirty: true })).toBe(false);
    expect(hasUnsavedWork({ ...withEntries(2), dirty: true })).toBe(true);
    expect(hasUnsavedWork(withEntries(2))).toBe(false);
    const file = { name: 'f.csv', plots: [], problems: [] };
    expect(hasUnsavedWork({ ...emptyDraft('1'), source: 'file', file, dirty: true })).toBe(true);
    const saved = { ...withEntries(2), saved: { datasetId: 1, datasetName: 'D', plots: 2 }, dirty: false };
    expect(hasUnsavedWork(saved)).toBe(false);
  });

  it('shapes fields about square and never wider than a block', () => {
    expect(fittedField(222, 111)).toEqual({ rows: 15, columns: 15 });
    expect(fittedField(6, 3)).toEqual({ rows: 2, columns: 3 });
    expect(fittedField(0, 0)).toEqual({ rows: 1, columns: 1 });
  });
});

describe('the layout preview', () => {
  it('places plots by row and column, marks checks and cuts a large field to its corner', () => {
    const plots = [
      { germplasm: 'A', row: 1, column: 1, line: 2 },
      { germplasm: 'Check', row: 2, column: 3, line: 3 },
      { germplasm: 'Far', row: 50, column: 30, line: 4 },
    ];
    const grid = previewGrid(plots, new Set(['check']), { rows: 2, columns: 3 });
    expect([grid.rows, grid.columns, grid.shownRows, grid.shownColumns, grid.plots, grid.checks]).toEqual([50, 30, 2, 3, 3, 1]);
    expect(grid.cells[0][0]).toEqual({ germplasm: 'A', plotNumber: null, rep: null, isCheck: false });
    expect(grid.cells[1][2]?.isCheck).toBe(true);
    expect(grid.cells[0][1]).toBeNull();
  });
});

describe('saving', () => {
  it('sends germplasm, row, column, rep and block only', () => {
    const plots = [{ germplasm: 'A', rep: '1', block: '1', row: 1, column: 2, plotNumber: 1, isCheck: true }];
    expect(trialRequest(5, plots)).toEqual({ datasetId: 5, plots: [{ germplasm: 'A', row: 1, column: 2, rep: '1', block: '1' }] });
  });

  it('says why the server refused', () => {
    const cells = saveProblem({ status: 400, reasonPhrase: 'TRIALS_ROW_COL_MISMATCH', message: 'The dataset already has plots at: row 1, column 2; row 3, column 4.' });
    expect(cells).toEqual({ key: 'trials.creation.save.cellsInUse', cells: [{ row: 1, column: 2 }, { row: 3, column: 4 }], detail: null });
    const unnamed = saveProblem({ status: 400, reasonPhrase: 'TRIALS_ROW_COL_MISMATCH', message: 'Cells clash.' });
    expect(unnamed.detail).toBe('Cells clash.');
    expect(saveProblem({ status: 400, reasonPhrase: 'GENERIC_INVALID_GERMPLASM', message: 'Unknown germplasm: X.' }).key).toBe('trials.creation.save.unknownGermplasm');
    expect(saveProblem({ status: 403, reasonPhrase: 'FORBIDDEN_INSUFFICIENT_PERMISSIONS', message: 'HTTP 403' })).toEqual({ key: 'trials.creation.save.forbidden', cells: [], detail: null });
    expect(saveProblem({ status: null, reasonPhrase: null, message: 'network' }).key).toBe('trials.creation.save.failed');
    expect(cellsNamed('row 1, column 2 (plots 1, 2); row 1, column 2')).toEqual([{ row: 1, column: 2 }]);
  });

  it('builds the data-collection link as Germinate does', () => {
    const link = gridscoreLink({ gridscoreUrl: undefined, datasetId: 12, token: 'tok en', apiBase: 'https://g.example/api/' });
    const [base, query] = link.split('?germinateConfig=');
    expect(base).toBe('https://gridscore.hutton.ac.uk/#/trial-setup');
    expect(JSON.parse(decodeURIComponent(query))).toEqual({ datasetId: 12, brapiConfig: { token: 'tok en', url: 'https://g.example/api/brapi/v2/' } });
    expect(query).not.toMatch(/[{}" ]/);
    expect(gridscoreLink({ gridscoreUrl: 'https://gs.example/app/', datasetId: 1, token: 't', apiBase: 'x/' })).toMatch(/^https:\/\/gs\.example\/app\/#\/trial-setup\?/);
    expect(gridscoreLink({ gridscoreUrl: '  ', datasetId: 1, token: 't', apiBase: 'x/' })).toMatch(/^https:\/\/gridscore\.hutton\.ac\.uk\/#/);
  });

  it('makes the API base absolute and reads the field-design tool setting', () => {
    expect(absoluteApiBase('./api/', 'http://127.0.0.1:8080/')).toBe('http://127.0.0.1:8080/api/');
    expect(absoluteApiBase('./api', 'https://host/germinate/')).toBe('https://host/germinate/api/');
    expect(fieldhubUrl(null)).toBe('https://ics.hutton.ac.uk/fieldhub/');
    expect(fieldhubUrl('https://fh.example/')).toBe('https://fh.example/');
  });
});
