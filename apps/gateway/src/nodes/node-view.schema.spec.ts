import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { newPort } from '@ironledger/domain';
import { Microversion } from '../http/microversion.js';
import { aNode } from '../testing/nodes.js';
import { portView } from '../ports/port.view.js';
import { PORT_LIST_SCHEMA, PORT_VIEW_SCHEMA } from '../ports/port-view.schema.js';
import { listItemView, nodeView, statesView } from './node.view.js';
import { NODE_LIST_SCHEMA, NODE_STATES_SCHEMA, NODE_VIEW_SCHEMA } from './node-view.schema.js';

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const context = (minor: number) => ({ version: new Microversion(minor), baseUrl: 'http://127.0.0.1:6385', conductor: 'c1' });
const propertiesOf = (schema: object) => Object.keys((schema as { properties: object }).properties);
const port = newPort({ uuid: '00000001-0000-4000-8000-000000000000', address: '52:54:00:00:00:01' }, '2026-11-21T10:00:00Z');

/** The view's errors against the schema (none when it matches). */
function mismatches(schema: object, view: unknown): string {
  const validate = ajv.compile(schema);
  return validate(view) ? '' : ajv.errorsText(validate.errors);
}

describe('the schemas the API document gives the views', () => {
  it('name exactly the fields a whole node shows at the latest version, and match it at every version', () => {
    expect(propertiesOf(NODE_VIEW_SCHEMA)).toEqual(Object.keys(nodeView(aNode(), context(82))));
    for (const minor of [1, 2, 31, 52, 82]) expect([minor, mismatches(NODE_VIEW_SCHEMA, nodeView(aNode({ provision_state: 'available' }), context(minor)))]).toEqual([minor, '']);
    expect(mismatches(NODE_VIEW_SCHEMA, nodeView(aNode({ name: 'n1', maintenance: true, maintenance_reason: 'why', traits: ['CUSTOM_A'] }), context(82), ['name', 'traits']))).toBe('');
  });

  it('refuse a view that shows a field the schema does not name, or a value of another type', () => {
    expect(mismatches(NODE_VIEW_SCHEMA, { ...nodeView(aNode(), context(82)), children: [] })).toMatch(/additional properties/);
    expect(mismatches(NODE_VIEW_SCHEMA, { ...nodeView(aNode(), context(82)), maintenance: 'no' })).toMatch(/maintenance must be boolean/);
  });

  it('describe a list page with its next link, and a node’s states', () => {
    const page = { nodes: [listItemView(aNode(), context(82)), nodeView(aNode(), context(82))], next: 'http://127.0.0.1:6385/v1/nodes?limit=2&marker=x' };
    expect(mismatches(NODE_LIST_SCHEMA, page)).toBe('');
    expect(propertiesOf(NODE_STATES_SCHEMA)).toEqual(Object.keys(statesView(aNode(), new Microversion(82))));
    expect(mismatches(NODE_STATES_SCHEMA, statesView(aNode(), new Microversion(82)))).toBe('');
  });

  it('name exactly the fields a port shows at the latest version, and match a page of ports', () => {
    const view = portView(port, aNode(), context(82));
    expect(propertiesOf(PORT_VIEW_SCHEMA)).toEqual(Object.keys(view));
    expect(mismatches(PORT_VIEW_SCHEMA, view)).toBe('');
    expect(mismatches(PORT_LIST_SCHEMA, { ports: [view, portView(port, aNode(), context(1), ['uuid', 'address'])] })).toBe('');
  });
});
