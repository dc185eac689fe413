/**
 * The response schemas of chassis, port groups, allocations, deploy templates and volume
 * connectors and targets name exactly the fields their views show at the latest microversion,
 * and match what the views build (whole, cut down with `fields`, and at older microversions).
 */
import { describe, expect, it } from '@jest/globals';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { type Allocation, type Chassis, type DeployTemplate, type Portgroup, type Schema, type VolumeConnector, type VolumeTarget } from '@ironledger/domain';
import { Microversion } from '../http/microversion.js';
import { aNode } from '../testing/nodes.js';
import { ALLOCATION_LIST_SCHEMA, ALLOCATION_VIEW_SCHEMA } from '../allocations/allocation-view.schema.js';
import { allocationView } from '../allocations/allocation.view.js';
import { CHASSIS_LIST_SCHEMA, CHASSIS_VIEW_SCHEMA } from '../chassis/chassis-view.schema.js';
import { chassisView } from '../chassis/chassis.view.js';
import { DEPLOY_TEMPLATE_LIST_SCHEMA, DEPLOY_TEMPLATE_VIEW_SCHEMA } from '../deploy-templates/deploy-template-view.schema.js';
import { deployTemplateView } from '../deploy-templates/deploy-template.view.js';
import { PORTGROUP_LIST_SCHEMA, PORTGROUP_VIEW_SCHEMA } from '../portgroups/portgroup-view.schema.js';
import { portgroupView } from '../portgroups/portgroup.view.js';
import { VOLUME_CONNECTOR_LIST_SCHEMA, VOLUME_CONNECTOR_VIEW_SCHEMA, VOLUME_TARGET_LIST_SCHEMA, VOLUME_TARGET_VIEW_SCHEMA } from '../volume/volume-view.schema.js';
import { CONNECTORS, TARGETS, volumeView } from '../volume/volume.view.js';

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const baseUrl = 'http://127.0.0.1:6385';
const created_at = '2026-11-21T10:00:00Z';
const propertiesOf = (schema: Schema) => Object.keys(schema.properties as object);

/** The view's errors against the schema (none when it matches). */
function mismatches(schema: Schema, view: unknown): string {
  const validate = ajv.compile(schema);
  return validate(view) ? '' : ajv.errorsText(validate.errors);
}

const chassis: Chassis = { uuid: '00000000-0000-4000-8000-0000000000c1', description: null, extra: { rack: 4 }, created_at, updated_at: null };
const portgroup: Portgroup = {
  uuid: '00000000-0000-4000-8000-0000000000b1', name: 'bond0', address: '52:54:00:00:00:01', extra: {}, internal_info: {}, mode: 'active-backup',
  properties: {}, standalone_ports_supported: true, created_at, updated_at: created_at,
};
const allocation: Allocation = {
  uuid: '00000000-0000-4000-8000-0000000000a1', name: 'a1', resource_class: 'gold', traits: ['CUSTOM_A'], candidate_nodes: [aNode().uuid], extra: {},
  owner: null, state: 'active', last_error: null, node_uuid: aNode().uuid, backfill_node: null, conductor: null, created_at, updated_at: null,
};
const template: DeployTemplate = {
  uuid: '00000000-0000-4000-8000-0000000000d1', name: 'CUSTOM_RAID', extra: {}, created_at, updated_at: null,
  steps: [{ interface: 'raid', step: 'apply_configuration', args: { password: 'secret' }, priority: 10 }],
};
const connector: VolumeConnector = { uuid: '00000000-0000-4000-8000-0000000000e1', type: 'iqn', connector_id: 'iqn.2026-11.org:n1', extra: {}, created_at, updated_at: null };
const target: VolumeTarget = { uuid: '00000000-0000-4000-8000-0000000000f1', volume_type: 'iscsi', properties: { auth_password: 'x' }, boot_index: 0, volume_id: 'v1', extra: {}, created_at, updated_at: null };

describe('the response schemas of the other resources', () => {
  const cases = [
    { name: 'chassis', schema: CHASSIS_VIEW_SCHEMA, list: CHASSIS_LIST_SCHEMA, key: 'chassis', view: (fields?: string[]) => chassisView(chassis, baseUrl, fields) },
    { name: 'port group', schema: PORTGROUP_VIEW_SCHEMA, list: PORTGROUP_LIST_SCHEMA, key: 'portgroups', view: (fields?: string[]) => portgroupView({ portgroup, node: aNode() }, baseUrl, fields) },
    { name: 'allocation', schema: ALLOCATION_VIEW_SCHEMA, list: ALLOCATION_LIST_SCHEMA, key: 'allocations', view: (fields?: string[]) => allocationView(allocation, baseUrl, new Microversion(82), fields) },
    { name: 'deploy template', schema: DEPLOY_TEMPLATE_VIEW_SCHEMA, list: DEPLOY_TEMPLATE_LIST_SCHEMA, key: 'deploy_templates', view: (fields?: string[]) => deployTemplateView(template, baseUrl, fields) },
    { name: 'volume connector', schema: VOLUME_CONNECTOR_VIEW_SCHEMA, list: VOLUME_CONNECTOR_LIST_SCHEMA, key: 'connectors', view: (fields?: string[]) => volumeView(CONNECTORS, { item: connector, node: aNode() }, baseUrl, fields) },
    { name: 'volume target', schema: VOLUME_TARGET_VIEW_SCHEMA, list: VOLUME_TARGET_LIST_SCHEMA, key: 'targets', view: (fields?: string[]) => volumeView(TARGETS, { item: target, node: aNode() }, baseUrl, fields) },
  ];

  it.each(cases)('name exactly the fields a whole $name shows, and match it, a cut-down one and a page of them', ({ schema, list, key, view }) => {
    expect(propertiesOf(schema)).toEqual(Object.keys(view()));
    expect(mismatches(schema, view())).toBe('');
    expect(mismatches(schema, view(['uuid']))).toBe('');
    expect(mismatches(list, { [key]: [view(), view(['uuid'])], next: `${baseUrl}/v1/${key}?limit=2&marker=x` })).toBe('');
  });

  it('refuse a view with a field the schema does not name, or a value of another type', () => {
    expect(mismatches(CHASSIS_VIEW_SCHEMA, { ...chassisView(chassis, baseUrl), children: [] })).toMatch(/additional properties/);
    expect(mismatches(ALLOCATION_VIEW_SCHEMA, { ...allocationView(allocation, baseUrl, new Microversion(82)), state: 'deploying' })).toMatch(/state must be equal to one of the allowed values/);
    expect(mismatches(DEPLOY_TEMPLATE_VIEW_SCHEMA, { ...deployTemplateView(template, baseUrl), steps: [{ interface: 'raid' }] })).toMatch(/must have required property 'step'/);
  });

  it('match an allocation below the microversion of its owner', () => {
    const old = allocationView(allocation, baseUrl, new Microversion(52));
    expect(old).not.toHaveProperty('owner');
    expect(mismatches(ALLOCATION_VIEW_SCHEMA, old)).toBe('');
  });
});
