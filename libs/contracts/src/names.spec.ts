import { describe, expect, it } from '@jest/globals';
import { busSubjects, conductorOwnSubject } from './names.js';

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
