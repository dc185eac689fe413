import { describe, expect, it } from '@jest/globals';
import { checkArgs } from './args.js';
import { ApiError } from './errors.js';

const refusal = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (error as ApiError).message;
  }
  throw new Error('not refused');
};

const SPEC = { device: { kind: 'string', required: true }, persistent: { kind: 'boolean' } } as const;
const ACCEPTABLE = "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";

describe('Ironic’s argument checks', () => {
  it('name unknown arguments first, sorted, then missing ones in declared order', () => {
    expect(refusal(() => checkArgs({ b: 1, a: 2 }, SPEC))).toBe('Unexpected arguments: a, b');
    expect(refusal(() => checkArgs({ persistent: 'maybe' }, SPEC))).toBe('Missing mandatory parameter: device');
  });

  it('take anything but a JSON object as no arguments', () => {
    for (const body of [undefined, null, [1], 'text', 5]) expect(refusal(() => checkArgs(body, SPEC))).toBe('Missing mandatory parameter: device');
    expect(checkArgs(undefined, {})).toEqual({});
  });

  it('check strings, printing what came as Python prints it', () => {
    expect(refusal(() => checkArgs({ device: 5 }, SPEC))).toBe('Expected string for device: 5');
    expect(refusal(() => checkArgs({ device: ['a'] }, SPEC))).toBe("Expected string for device: ['a']");
    expect(refusal(() => checkArgs({ device: false }, SPEC))).toBe('Expected string for device: False');
    expect(checkArgs({ device: null }, SPEC)).toEqual({ device: null });
  });

  it('read booleans from JSON and Ironic’s words for them', () => {
    for (const [given, value] of [[true, true], ['on', true], ['Yes', true], [1, true], ['0', false], ['off', false], [null, null]] as const) {
      expect(checkArgs({ device: 'pxe', persistent: given }, SPEC)).toEqual({ device: 'pxe', persistent: value });
    }
    expect(refusal(() => checkArgs({ device: 'pxe', persistent: 'maybe' }, SPEC))).toBe(`Invalid persistent: Unrecognized value 'maybe', acceptable values are: ${ACCEPTABLE}`);
    expect(refusal(() => checkArgs({ device: 'pxe', persistent: 5 }, SPEC))).toBe(`Invalid persistent: Unrecognized value '5', acceptable values are: ${ACCEPTABLE}`);
  });

  it('read names and comma-separated lists', () => {
    expect(refusal(() => checkArgs({ name: 'Proc Virt' }, { name: { kind: 'name' } }))).toBe('Expected name for name: Proc Virt');
    expect(checkArgs({ name: 'Proc.Virt-1_x~' }, { name: { kind: 'name' } })).toEqual({ name: 'Proc.Virt-1_x~' });
    expect(checkArgs({ fields: 'Name, value,NAME,,' }, { fields: { kind: 'string_list' } })).toEqual({ fields: ['name', 'value'] });
  });
});
