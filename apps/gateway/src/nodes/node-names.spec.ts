import { describe, expect, it } from '@jest/globals';
import { Microversion } from '../http/microversion.js';
import { checkNodeIdent, isValidNodeName, lookUpNode } from './node-names.js';

const latest = new Microversion(82);
const UUID = '1be26c0b-03f2-4d2e-ae87-c02d7f33c123';
const nodes = new Map([[UUID, 'by uuid'], ['r3_x', 'by name'], ['n1', 'by name']]);
const find = (ident: string) => nodes.get(ident);
const notFound = (ident: string) => Object.assign(new Error(`Node ${ident} could not be found.`), { status: 404 });

describe('isValidNodeName', () => {
  it('follows Ironic: RFC 3986 unreserved characters from 1.10 (hostnames before), at most 255, not UUID-like', () => {
    expect(['n1', 'A.b-c_d~e', 'x'.repeat(255)].every((name) => isValidNodeName(name, latest))).toBe(true);
    expect(['', 'a b', 'a/b', 'é', 'x'.repeat(256), UUID, UUID.replace(/-/g, ''), `{${UUID}}`].some((name) => isValidNodeName(name, latest))).toBe(false);
    expect(isValidNodeName('under_score', new Microversion(9))).toBe(false);
    expect(isValidNodeName('lower-case.example', new Microversion(9))).toBe(true);
  });
});

describe('checkNodeIdent', () => {
  it('refuses what is neither a UUID nor a name, in the router’s body or as the handler’s argument', () => {
    expect(() => checkNodeIdent('n1')).not.toThrow();
    expect(() => checkNodeIdent('bad name')).toThrow(expect.objectContaining({ name: 'RouterError', status: 400, message: 'Expected UUID or name for node: bad name' }));
    expect(() => checkNodeIdent('bad name', { argument: 'node_ident' })).toThrow(expect.objectContaining({ name: 'ApiError', status: 400, message: 'Expected UUID or name for node_ident: bad name' }));
  });
});

describe('lookUpNode', () => {
  it('finds by UUID always, by name from 1.5 when the name is valid at the version', () => {
    expect(lookUpNode(UUID, new Microversion(1), find, notFound)).toBe('by uuid');
    expect(lookUpNode('n1', latest, find, notFound)).toBe('by name');
    expect(() => lookUpNode('n1', new Microversion(4), find, notFound)).toThrow(expect.objectContaining({ status: 404, message: 'Node n1 could not be found.' }));
    expect(() => lookUpNode('r3_x', new Microversion(9), find, notFound)).toThrow(expect.objectContaining({ status: 400, message: 'Expected a logical name or UUID but received r3_x.' }));
    expect(lookUpNode('r3_x', new Microversion(10), find, notFound)).toBe('by name');
    expect(() => lookUpNode('nope', latest, find, notFound)).toThrow(expect.objectContaining({ status: 404 }));
  });
});
