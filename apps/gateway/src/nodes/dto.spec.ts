import { describe, expect, it } from '@jest/globals';
import { MaintenanceDto, PowerActionDto, ProvisionActionDto } from './dto.js';
import { validateBody } from '../http/validation.js';

const refused = (message?: string) => expect.objectContaining({ status: 400, ...(message && { message }) });

describe('validateBody', () => {
  it('accepts a valid body and returns only what was sent', () => {
    expect(validateBody(ProvisionActionDto, { target: 'clean', clean_steps: [{ interface: 'deploy', step: 'erase_devices' }] })).toEqual({
      target: 'clean',
      clean_steps: [{ interface: 'deploy', step: 'erase_devices' }],
    });
  });

  it('refuses bodies that are not objects', () => {
    for (const body of [null, undefined, [], 'x', 3, true]) expect(() => validateBody(PowerActionDto, body)).toThrow(refused('The request body must be a JSON object.'));
  });

  it('refuses unknown properties as Ironic schemas do', () => {
    expect(() => validateBody(MaintenanceDto, { reason: 'r', color: 'red' })).toThrow(refused("Additional properties are not allowed ('color' was unexpected)"));
    expect(() => validateBody(MaintenanceDto, JSON.parse('{"__proto__":{"x":1}}'))).toThrow(refused());
  });

  it('refuses wrong types and missing required fields', () => {
    for (const body of [{}, { target: 3 }, { target: 'clean', clean_steps: 'x' }]) expect(() => validateBody(ProvisionActionDto, body)).toThrow(refused());
    expect(() => validateBody(PowerActionDto, { target: 'power on', timeout: 0 })).toThrow(refused('Invalid timeout value 0. The timeout must be a positive integer (seconds).'));
    expect(() => validateBody(PowerActionDto, { target: 'power on', timeout: '5' })).toThrow(refused());
  });
});
