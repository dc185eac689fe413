import { describe, expect, it } from '@jest/globals';
import { ironicFault } from './api.js';

const ironic = (fault: object) => JSON.stringify({ error_message: JSON.stringify(fault) });

describe('ironicFault', () => {
  it('reads the faultstring inside Ironic’s error_message', () => {
    const body = ironic({ faultcode: 'Client', faultstring: 'The requested action "deploy" can not be performed on node "n1" while it is in state "enroll".', debuginfo: null });
    expect(ironicFault(400, body)).toBe('The requested action "deploy" can not be performed on node "n1" while it is in state "enroll".');
  });

  it('reads a version error’s description', () => {
    expect(ironicFault(406, ironic({ code: 406, title: 'Not Acceptable', description: 'Version 1.99 was requested but the maximum is 1.82' }))).toBe('Version 1.99 was requested but the maximum is 1.82');
  });

  it('says what came when the body is not Ironic’s', () => {
    expect(ironicFault(502, '<html>Bad gateway</html>')).toBe('HTTP 502: <html>Bad gateway</html>');
    expect(ironicFault(503, '')).toBe('HTTP 503');
    expect(ironicFault(500, JSON.stringify({ error_message: 'not json' }))).toBe('HTTP 500: {"error_message":"not json"}');
  });
});
