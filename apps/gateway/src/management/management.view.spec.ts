import { describe, expect, it } from '@jest/globals';
import { BIOS_DETAIL_FIELDS, biosSettingView, indicatorsView, parseIndicatorName, sortedBios, unknownBiosField } from './management.view.js';

const BASE = 'http://api:6385';

describe('indicators', () => {
  it('are named <id>@<component>, linked under the node as the client named it, unescaped', () => {
    expect(indicatorsView([{ id: 'a b', component: 'system' }, { id: 'c', component: 'chassis', readonly: false, states: ['off'] }], BASE, 'rack-1')).toEqual({
      indicators: [
        { name: 'a b@system', component: 'system', readonly: true, states: [], links: [{ href: `${BASE}/v1/nodes/rack-1/management/indicators/a b@system`, rel: 'self' }, { href: `${BASE}/nodes/rack-1/management/indicators/a b@system`, rel: 'bookmark' }] },
        { name: 'c@chassis', component: 'chassis', readonly: false, states: ['off'], links: expect.any(Array) },
      ],
    });
  });

  it('split their names at the first @', () => {
    expect(parseIndicatorName('a@b@c')).toEqual({ indicator: 'a', component: 'b@c' });
    expect(parseIndicatorName('@system')).toEqual({ indicator: '', component: 'system' });
    expect(parseIndicatorName('led')).toBeNull();
  });
});

describe('BIOS settings', () => {
  const setting = { name: 'NumCores', value: '8', created_at: '2026-11-21T10:00:00.123Z', updated_at: null, attribute_type: 'Integer', lower_bound: 1 };

  it('show their timestamps whatever the fields, then the fields asked, then links', () => {
    expect(biosSettingView(setting, ['value', 'name', 'created_at'], BASE, 'rack-1')).toEqual({
      created_at: '2026-11-21T10:00:00.123000+00:00',
      updated_at: null,
      value: '8',
      name: 'NumCores',
      links: [{ href: `${BASE}/v1/nodes/rack-1/bios/NumCores`, rel: 'self' }, { href: `${BASE}/nodes/rack-1/bios/NumCores`, rel: 'bookmark' }],
    });
  });

  it('show registry fields Ironic’s way: an empty list of allowed values, nulls for the rest', () => {
    const view = biosSettingView(setting, BIOS_DETAIL_FIELDS, BASE, 'x');
    expect(Object.keys(view)).toEqual(['created_at', 'updated_at', ...BIOS_DETAIL_FIELDS, 'links']);
    expect(view).toMatchObject({ attribute_type: 'Integer', lower_bound: 1, allowable_values: [], upper_bound: null, read_only: null });
  });

  it('are listed by name, and know which fields they have', () => {
    expect(sortedBios([{ ...setting, name: 'b' }, { ...setting, name: 'B' }, { ...setting, name: 'a' }]).map((s) => s.name)).toEqual(['B', 'a', 'b']);
    expect(unknownBiosField(['name', 'created_at', 'upper_bound'])).toBeUndefined();
    expect(unknownBiosField(['name', 'foo', 'bar'])).toBe('foo');
  });
});
