import { describe, expect, it } from 'vitest';
import { phenotypeFile, summarise } from './phenotype-file.js';

describe("a genotype export's Flapjack phenotype file", () => {
  it('summarises numeric values by their mean and others by the most frequent value', () => {
    expect(summarise('numeric', ['1', '2', '4'])).toBe('2.333333333');
    expect(summarise('numeric', ['0.1', '0.2'])).toBe('0.15');
    expect(summarise('numeric', ['', ' ', 'n/a'])).toBeNull();
    expect(summarise('numeric', ['n/a', '7'])).toBe('7');
    expect(summarise('categorical', ['low', 'high', 'high', 'low', 'mid'])).toBe('low');
    expect(summarise('categorical', ['low', 'high', 'high'])).toBe('high');
    expect(summarise('text', [])).toBeNull();
  });

  it('writes a header of trait names and one line per germplasm with a value, in the given order', () => {
    const traits = [
      { id: 3, name: 'Height', datatype: 'numeric' },
      { id: 9, name: 'Awn\ttype', datatype: 'categorical' },
    ];
    const text = phenotypeFile(traits, [
      { label: 'Line B', values: new Map([[3, ['10', '20']], [9, ['long']]]) },
      { label: 'Line A', values: new Map([[9, ['short', 'short', 'long']]]) },
      { label: 'Line C', values: new Map() },
      { label: 'Line D', values: new Map([[3, ['']]]) },
    ]);
    expect(text).toBe('# fjFile = PHENOTYPE\n\tHeight\tAwn type\nLine B\t15\tlong\nLine A\t\tshort\n');
  });
});
