import { describe, expect, it } from '@jest/globals';
import { applyEnclosureControl, createEnclosures, describeEnclosure } from './enclosures.js';
import { basicAuthHeader } from './model.js';

describe('blade enclosures', () => {
  it('fill the fleet with enclosures of the size asked for; systems left over belong to none', () => {
    expect(createEnclosures(7, 3).map((e) => [e.index, e.first, e.last])).toEqual([[1, 1, 3], [2, 4, 6]]);
    expect(createEnclosures(4, 4).map((e) => [e.first, e.last])).toEqual([[1, 4]]);
    expect(createEnclosures(4, 0)).toEqual([]);
    expect(describeEnclosure(createEnclosures(6, 3)[1]!)).toEqual({ index: 2, systems: [4, 5, 6], username: 'admin' });
  });

  it('change their account, back to the defaults on reset, saying whether it changed', () => {
    const [enclosure] = createEnclosures(2, 2, { username: 'root', password: 'calvin' });
    expect(applyEnclosureControl(enclosure!, { password: 'blade' })).toEqual({ credentialsChanged: true });
    expect(enclosure!.basicAuth).toBe(basicAuthHeader('root', 'blade'));
    expect(applyEnclosureControl(enclosure!, { dropSessions: true })).toEqual({ credentialsChanged: false });
    expect(applyEnclosureControl(enclosure!, { reset: true }, { username: 'root', password: 'calvin' })).toEqual({ credentialsChanged: true });
    expect([enclosure!.username, enclosure!.password]).toEqual(['root', 'calvin']);
  });
});
