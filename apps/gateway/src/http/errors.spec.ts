import { describe, expect, it } from '@jest/globals';
import { InvalidStateError, NodeLockedError, NodeNotFoundError } from '@ironledger/domain';
import { ApiError, errorBody, toHttpError, versionErrorBody } from './errors.js';

describe('error bodies', () => {
  it('nests the fault as a JSON string, byte for byte as Ironic (Python) writes it', () => {
    const message = new InvalidStateError('2741a14f-d862-462f-a27f-0dc9dc10bf58', 'enroll', 'active').message;
    expect(JSON.stringify(errorBody(400, message))).toBe(
      '{"error_message":"{\\"faultcode\\": \\"Client\\", \\"faultstring\\": \\"The requested action \\\\\\"active\\\\\\" can not be performed on node \\\\\\"2741a14f-d862-462f-a27f-0dc9dc10bf58\\\\\\" while it is in state \\\\\\"enroll\\\\\\".\\", \\"debuginfo\\": null}"}',
    );
  });

  it('says Server for 5xx, and escapes non-ASCII as Python does', () => {
    expect(JSON.parse(errorBody(503, 'nœud').error_message)).toEqual({ faultcode: 'Server', faultstring: 'nœud', debuginfo: null });
    expect(errorBody(503, 'nœud').error_message).toContain('n\\u0153ud');
  });

  it('renders version refusals as webob errors', () => {
    expect(versionErrorBody(406, 'Invalid value for X-OpenStack-Ironic-API-Version header').error_message).toBe(
      '{"code": 406, "title": "Not Acceptable", "description": "Invalid value for X-OpenStack-Ironic-API-Version header"}',
    );
  });
});

describe('toHttpError', () => {
  it('maps domain and conductor error types', () => {
    expect(toHttpError(new InvalidStateError('n', 'enroll', 'active')).status).toBe(400);
    expect(toHttpError(new NodeNotFoundError('n'))).toEqual({ status: 404, message: 'Node n could not be found.' });
    expect(toHttpError(new NodeLockedError('n', 'c1')).status).toBe(409);
    expect(toHttpError({ type: 'conflict', message: 'A node with name e1 already exists.' }).status).toBe(409);
    expect(toHttpError({ type: 'unavailable', message: 'x' }).status).toBe(503);
    expect(toHttpError({ type: 'invalid_command', message: 'x' }).status).toBe(400);
  });

  it('answers 503, not 500, when the store or the bus does not answer (NATS client errors, by name)', () => {
    const timeout = Object.assign(new Error('timeout'), { name: 'TimeoutError' });
    expect(toHttpError(timeout)).toEqual({ status: 503, message: 'The event store did not answer in time; please retry.' });
    expect(toHttpError(Object.assign(new Error('no responders'), { name: 'NoResponders' })).status).toBe(503);
    expect(toHttpError(Object.assign(new Error('x'), { name: 'RequestTimeout' })).status).toBe(503);
  });

  it('keeps client errors of the HTTP layer and hides unexpected ones', () => {
    expect(toHttpError(new ApiError(406, 'Request not acceptable.'))).toEqual({ status: 406, message: 'Request not acceptable.' });
    expect(toHttpError(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400 }))).toEqual({ status: 400, message: 'Body is not valid JSON' });
    expect(toHttpError({ getStatus: () => 404, message: 'Cannot GET /v1/x' })).toEqual({ status: 404, message: 'The resource could not be found.' });
    expect(toHttpError(new TypeError('secret detail'))).toEqual({ status: 500, message: 'Internal Server Error' });
    expect(toHttpError({ type: 'weird', message: 'x' }).status).toBe(500);
  });
});
