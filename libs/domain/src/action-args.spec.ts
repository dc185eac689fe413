import { describe, expect, it } from '@jest/globals';
import { configDriveRefusal, given, stepsRefusal } from './action-args.js';

// The expected refusals were taken from Ironic 21.4.4: the same `PUT /v1/nodes/{id}/states/provision`
// (target `active`, or `clean` on a manageable node) sent to a fake-hardware node, its `faultstring` copied.
const CONFIG_DRIVE_SCHEMA_TEXT = `{'additionalProperties': False,
     'properties': {'meta_data': {'type': 'object'},
                    'network_data': {'type': 'object'},
                    'user_data': {'type': ['object',
                                           'array',
                                           'string',
                                           'null']},
                    'vendor_data': {'type': 'object'}},
     'type': 'object'}`;

describe('configDriveRefusal (Ironic’s check_allow_configdrive and the types its handler takes)', () => {
  it.each<[string, unknown, string]>([
    ['a number', 5, "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: 5"],
    ['zero', 0, "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: 0"],
    ['a list', [1], "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: [1]"],
    ['an empty list', [], "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: []"],
    ['true', true, "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: True"],
    ['false', false, "Expected types <class 'NoneType'>, <class 'dict'>, <class 'str'> for configdrive: False"],
    [
      'an unknown part',
      { foo: 1 },
      `Invalid configdrive format: Additional properties are not allowed ('foo' was unexpected)\n\nFailed validating 'additionalProperties' in schema[0]:\n    ${CONFIG_DRIVE_SCHEMA_TEXT}\n\nOn instance:\n    {'foo': 1}`,
    ],
    [
      'meta_data that is no object',
      { meta_data: 'x' },
      "Invalid configdrive format: 'x' is not of type 'object'\n\nFailed validating 'type' in schema[0]['properties']['meta_data']:\n    {'type': 'object'}\n\nOn instance['meta_data']:\n    'x'",
    ],
    [
      'user_data of a number',
      { user_data: 5 },
      "Invalid configdrive format: 5 is not of type 'object', 'array', 'string', 'null'\n\nFailed validating 'type' in schema[0]['properties']['user_data']:\n    {'type': ['object', 'array', 'string', 'null']}\n\nOn instance['user_data']:\n    5",
    ],
    [
      'network_data of a list',
      { network_data: [] },
      "Invalid configdrive format: [] is not of type 'object'\n\nFailed validating 'type' in schema[0]['properties']['network_data']:\n    {'type': 'object'}\n\nOn instance['network_data']:\n    []",
    ],
    ['text that is neither base64 nor a URL', 'not base64 !!', 'Invalid configdrive format: it is neither a JSON, nor a URL, nor a base64 string'],
  ])('refuses %s', (_what, configdrive, refusal) => {
    expect(configDriveRefusal(configdrive)).toBe(refusal);
  });

  it.each<[string, unknown]>([
    ['base64 text', 'aGVsbG8='],
    ['base64 text over lines', 'H4sI\nAAAA\r\n'],
    ['an http URL', 'http://example.com/cd'],
    ['a file URL (anything with ://: the ramdisk fetches it, or fails the deployment)', 'file:///etc/passwd'],
    ['an ftp URL', 'ftp://x/y'],
    ['a bare ://', '://'],
    ['the parts of one', { meta_data: {}, user_data: 'x' }],
    ['vendor_data (its microversion is the API’s question)', { vendor_data: {} }],
    ['user_data of a list', { user_data: [] }],
    ['nothing', null],
    ['an empty string (no config drive)', ''],
    ['an empty object (no config drive)', {}],
  ])('takes %s', (_what, configdrive) => {
    expect(configDriveRefusal(configdrive)).toBeUndefined();
  });

  it('reports the part that fails with a long value the way Python pretty-prints it', () => {
    const userData = `#cloud-config\n${'packages: [nginx, curl, jq]\n'.repeat(3)}`;
    expect(configDriveRefusal({ meta_data: { uuid: 'x' }, user_data: userData, foo: null })).toBe(
      'Invalid configdrive format: Additional properties are not allowed (\'foo\' was unexpected)\n\n' +
        `Failed validating 'additionalProperties' in schema[0]:\n    ${CONFIG_DRIVE_SCHEMA_TEXT}\n\n` +
        "On instance:\n    {'foo': None,\n     'meta_data': {'uuid': 'x'},\n" +
        "     'user_data': '#cloud-config\\n'\n                  'packages: [nginx, curl, jq]\\n'\n" +
        "                  'packages: [nginx, curl, jq]\\n'\n                  'packages: [nginx, curl, jq]\\n'}",
    );
  });
});

describe('stepsRefusal (Ironic’s clean and deploy step schemas)', () => {
  const CLEAN_ITEM = `{'additionalProperties': False,
     'properties': {'args': {'description': 'additional args',
                             'properties': {},
                             'type': 'object'},
                    'interface': {'description': 'driver interface',
                                  'enum': ['power',
                                           'management',
                                           'deploy',
                                           'bios',
                                           'raid']},
                    'step': {'description': 'name of clean step',
                             'minLength': 1,
                             'type': 'string'}},
     'required': ['interface', 'step'],
     'type': 'object'}`;

  it.each<[string, unknown, string]>([
    ['a step that is no object', [1], `Invalid clean_steps: 1 is not of type 'object'\n\nFailed validating 'type' in schema['items']:\n    ${CLEAN_ITEM}\n\nOn instance[0]:\n    1`],
    [
      'an unknown interface',
      [{ interface: 'foo', step: 'x' }],
      "Invalid clean_steps: 'foo' is not one of ['power', 'management', 'deploy', 'bios', 'raid']\n\nFailed validating 'enum' in schema['items']['properties']['interface']:\n    {'description': 'driver interface',\n     'enum': ['power', 'management', 'deploy', 'bios', 'raid']}\n\nOn instance[0]['interface']:\n    'foo'",
    ],
    ['no step', [{ interface: 'deploy' }], `Invalid clean_steps: 'step' is a required property\n\nFailed validating 'required' in schema['items']:\n    ${CLEAN_ITEM}\n\nOn instance[0]:\n    {'interface': 'deploy'}`],
    [
      'an unknown key',
      [{ interface: 'deploy', step: 'x', extra: 1 }],
      `Invalid clean_steps: Additional properties are not allowed ('extra' was unexpected)\n\nFailed validating 'additionalProperties' in schema['items']:\n    ${CLEAN_ITEM}\n\nOn instance[0]:\n    {'extra': 1, 'interface': 'deploy', 'step': 'x'}`,
    ],
    [
      'an empty step name',
      [{ interface: 'deploy', step: '' }],
      "Invalid clean_steps: '' is too short\n\nFailed validating 'minLength' in schema['items']['properties']['step']:\n    {'description': 'name of clean step', 'minLength': 1, 'type': 'string'}\n\nOn instance[0]['step']:\n    ''",
    ],
    [
      'args that are no object',
      [{ interface: 'deploy', step: 'erase_devices', args: [] }],
      "Invalid clean_steps: [] is not of type 'object'\n\nFailed validating 'type' in schema['items']['properties']['args']:\n    {'description': 'additional args', 'properties': {}, 'type': 'object'}\n\nOn instance[0]['args']:\n    []",
    ],
  ])('refuses clean steps with %s', (_what, steps, refusal) => {
    expect(stepsRefusal('clean', steps)).toBe(refusal);
  });

  const DEPLOY_ITEM = `{'additionalProperties': False,
     'properties': {'args': {'type': 'object'},
                    'interface': {'enum': ['power',
                                           'management',
                                           'deploy',
                                           'bios',
                                           'raid'],
                                  'type': 'string'},
                    'priority': {'anyOf': [{'minimum': 0,
                                            'type': 'integer'},
                                           {'minLength': 1,
                                            'pattern': '^[0-9]+$',
                                            'type': 'string'}]},
                    'step': {'minLength': 1, 'type': 'string'}},
     'required': ['interface', 'step', 'args', 'priority'],
     'type': 'object'}`;

  it.each<[string, unknown, string]>([
    ['a step that is no object', [1], `Invalid deploy_steps: 1 is not of type 'object'\n\nFailed validating 'type' in schema['items']:\n    ${DEPLOY_ITEM}\n\nOn instance[0]:\n    1`],
    [
      'no args',
      [{ interface: 'deploy', step: 'x', priority: 1 }],
      `Invalid deploy_steps: 'args' is a required property\n\nFailed validating 'required' in schema['items']:\n    ${DEPLOY_ITEM}\n\nOn instance[0]:\n    {'interface': 'deploy', 'priority': 1, 'step': 'x'}`,
    ],
    [
      'a negative priority',
      [{ interface: 'deploy', step: 'x', args: {}, priority: -1 }],
      "Invalid deploy_steps: -1 is less than the minimum of 0\n\nFailed validating 'minimum' in schema[0]:\n    {'minimum': 0, 'type': 'integer'}\n\nOn instance:\n    -1",
    ],
  ])('refuses deploy steps with %s', (_what, steps, refusal) => {
    expect(stepsRefusal('deploy', steps)).toBe(refusal);
  });

  it('takes well-formed steps, whether or not the node has them (the conductor’s question)', () => {
    expect(stepsRefusal('clean', [{ interface: 'deploy', step: 'nonexistent', args: { a: 1 } }])).toBeUndefined();
    expect(stepsRefusal('deploy', [{ interface: 'deploy', step: 'x', args: {}, priority: '90' }])).toBeUndefined();
  });
});

describe('given (Python’s truth, by which Ironic ignores empty arguments)', () => {
  it('is false for nothing, empty strings, lists and objects, zero and false', () => {
    for (const value of [undefined, null, '', [], {}, 0, false]) expect(given(value)).toBe(false);
    for (const value of ['x', [0], { a: null }, 1, true]) expect(given(value)).toBe(true);
  });
});
