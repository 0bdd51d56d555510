import { describe, expect, it } from 'vitest';
import type { PaneTypeSpec } from '../core/contracts.js';
import { encodeLayout } from '../core/layout-codec.js';
import { split, singlePane } from '../core/layout.js';
import { readLocation, urlOf } from './url-state.js';

const pane = (id: string, route: string): PaneTypeSpec => ({
  id,
  route,
  pageName: id.split(':')[1],
  titleKey: `${id}.title`,
  load: async () => ({}),
});
const types = [pane('home:home', '/home'), pane('demo:list', '/data/germplasm'), pane('demo:item', '/data/germplasm/:germplasmId')];
const byId = (id: string) => types.find((t) => t.id === id);

describe('url state', () => {
  it('opens a plain path as one pane, redirects first, and sends unknown paths home', () => {
    expect(readLocation({ pathname: '/data/germplasm/12', search: '' }, types).layout.panes.p1).toEqual({
      type: 'demo:item',
      params: { germplasmId: '12' },
    });
    expect(readLocation({ pathname: '/data', search: '' }, types).layout.panes.p1.type).toBe('demo:list');
    expect(readLocation({ pathname: '/nowhere', search: '' }, types).layout.panes.p1.type).toBe('home:home');
    expect(readLocation({ pathname: '/', search: '', hash: '#/data/germplasm/3' }, types).layout.panes.p1.params).toEqual({
      germplasmId: '3',
    });
  });

  it('writes the focused path and the layout, and reads them back', () => {
    const layout = split(singlePane({ type: 'demo:list', params: {} }), 'p1', 'right', {
      type: 'demo:item',
      params: { germplasmId: '7' },
    });
    const url = urlOf(layout, byId);
    expect(url.startsWith('/data/germplasm/7?layout=')).toBe(true);
    const [pathname, search] = url.split('?');
    expect(readLocation({ pathname, search: `?${search}` }, types)).toEqual({ layout, notices: [] });
  });

  it('leaves out layout= for one stateless pane', () => {
    expect(urlOf(singlePane({ type: 'demo:list', params: {} }), byId)).toBe('/data/germplasm');
    expect(urlOf(singlePane({ type: 'demo:list', params: {}, state: { page: 2 } }), byId)).toMatch(/\?layout=/);
  });

  it('falls back to the path with a notice when the layout text is broken', () => {
    const read = readLocation({ pathname: '/data/germplasm', search: '?layout=1.garbage' }, types);
    expect(read.layout.panes.p1.type).toBe('demo:list');
    expect(read.notices).toEqual(['layout.linkBroken']);
  });

  it('drops panes of unknown types with a notice', () => {
    const layout = split(singlePane({ type: 'demo:list', params: {} }), 'p1', 'down', { type: 'gone:pane', params: {} });
    const read = readLocation({ pathname: '/data/germplasm', search: `?layout=${encodeLayout(layout)}` }, types);
    expect(read.notices).toEqual(['layout.panesDropped']);
    expect(read.layout.root).toBe('p1');
  });
});
