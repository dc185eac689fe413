import { describe, expect, it } from '@jest/globals';
import { busSubjects, conductorOwnSubject, projectEventFilters, projectEventSubject } from './names.js';

describe('a conductor’s own command subject', () => {
  const subjects = busSubjects('run1');

  it('is one token under the queue group’s subject', () => {
    expect(conductorOwnSubject(subjects, 'cond-a_1')).toBe('run1.conductor.command.cond-a_1');
  });

  it('writes what a subject token cannot hold as its hex code, so that distinct ids stay distinct', () => {
    expect(conductorOwnSubject(subjects, 'host.example.com-12')).toBe('run1.conductor.command.host%2eexample%2ecom-12');
    expect(conductorOwnSubject(subjects, 'a b*>%')).toBe('run1.conductor.command.a%20b%2a%3e%25');
    expect(conductorOwnSubject(subjects, 'a.b')).not.toBe(conductorOwnSubject(subjects, 'a%2eb'));
  });
});

describe('a project event’s subject', () => {
  const node = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';

  it('names the owner and the lessee, `%` for none, before the resource', () => {
    expect(projectEventSubject({ owner: 'f11853c7fa9c4db3', lessee: null }, 'node', node, 'NodeUpdated')).toBe(`ironledger.projects.f11853c7fa9c4db3.%.node.${node}.NodeUpdated`);
    expect(projectEventSubject({ owner: null, lessee: 'b' }, 'allocation', 'x', 'AllocationCreated', 'p')).toBe('p.%.b.allocation.x.AllocationCreated');
  });

  it('is matched by the owner’s filter and the lessee’s, and by no other project’s', () => {
    const matches = (filter: string, subject: string) => new RegExp(`^${filter.replace(/[.%]/g, (c) => `\\${c}`).replace(/\*/g, '[^.]+').replace(/>$/, '.+')}$`).test(subject);
    const subject = projectEventSubject({ owner: 'o.1', lessee: 'l' }, 'node', node, 'NodeUpdated');
    expect(matches(projectEventFilters('o.1').owned, subject)).toBe(true);
    expect(matches(projectEventFilters('l').leased, subject)).toBe(true);
    expect(matches(projectEventFilters('l').owned, subject)).toBe(false);
    expect(matches(projectEventFilters('o').owned, subject)).toBe(false);
    expect(matches(projectEventFilters('%').owned, projectEventSubject({ owner: null, lessee: null }, 'node', node, 'NodeUpdated'))).toBe(false);
  });
});
