import { describe, expect, it } from '@jest/globals';
import { searchTerm } from './search.js';

describe('searchTerm', () => {
  it('tells UUIDs, MAC addresses and names apart', () => {
    expect(searchTerm(' 1BE26C0B-03F2-4D2E-AE87-C02D7F33C123 ')).toEqual({ kind: 'uuid', value: '1be26c0b-03f2-4d2e-ae87-c02d7f33c123' });
    expect(searchTerm('52:54:00:AB:CD:EF')).toEqual({ kind: 'mac', value: '52:54:00:ab:cd:ef' });
    expect(searchTerm('52-54-00-ab-cd-ef')).toEqual({ kind: 'mac', value: '52:54:00:ab:cd:ef' });
    expect(searchTerm('rack1-node-07')).toEqual({ kind: 'name', value: 'rack1-node-07' });
  });

  it('takes mixed separators and blanks as no MAC and no term', () => {
    expect(searchTerm('52:54-00:ab:cd:ef')).toEqual({ kind: 'name', value: '52:54-00:ab:cd:ef' });
    expect(searchTerm('   ')).toBeNull();
  });
});
