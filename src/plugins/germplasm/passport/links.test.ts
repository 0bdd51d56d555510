import { describe, expect, it } from 'vitest';
import { externalLink, identifierKey } from './links.js';

describe('external link of a passport', () => {
  const row = { germplasmId: 12, germplasmName: 'Golden Promise', germplasmGid: 'ACC-010' };

  it('reads the identifier as a row key or a germinatebase column', () => {
    expect(identifierKey('germplasmName')).toBe('germplasmName');
    expect(identifierKey('name')).toBe('germplasmName');
    expect(identifierKey('general_identifier')).toBe('germplasmGid');
    expect(identifierKey('id')).toBe('germplasmId');
  });

  it('puts the value, encoded, in the placeholder, or after the template', () => {
    expect(externalLink('https://example.org/acc/{id}/view', 'name', row)).toBe('https://example.org/acc/Golden%20Promise/view');
    expect(externalLink('https://example.org/?q=', 'general_identifier', row)).toBe('https://example.org/?q=ACC-010');
    expect(externalLink('https://example.org/{}', null, row)).toBe('https://example.org/12');
  });

  it('has no link without a template, with another scheme, or without a value', () => {
    expect(externalLink(null, 'name', row)).toBeNull();
    expect(externalLink('javascript:alert(1)//{}', 'name', row)).toBeNull();
    expect(externalLink('https://example.org/{}', 'germplasmNumber', row)).toBeNull();
  });
});
