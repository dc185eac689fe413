/**
 * The cases of Ironic 21.4's RBAC test data that ironledger does not answer as Ironic does, by
 * run (see `ironic-rbac.e2e.spec.ts`), grouped by the reason. The spec checks that this list is
 * exact: a case that starts matching must be taken off it.
 *
 * Groups marked `realIronicAgrees` are differences from Ironic's test, not from Ironic: that test
 * fails every conductor call (503) and takes roles from headers, and the spec stops ironledger's
 * conductors to mimic it; with live conductors and real Keystone tokens, ironledger answers each of
 * these cases as real Ironic 21.4 does, which `ironic-rbac-side-by-side.e2e.spec.ts` checks case by
 * case against Ironic's recorded answers (every such case is in its sample).
 */
export type RbacRun = 'system_scoped' | 'legacy' | 'legacy (scoped canary)' | 'project_scoped';

export interface KnownDifference {
  readonly why: string;
  readonly cases: readonly string[];
  /** Real Ironic, with a live conductor behind real Keystone, answers these cases as ironledger does (checked by the side-by-side spec). */
  readonly realIronicAgrees?: true;
}

/** The reasons, each once. */
const WHY = {
  driver: "Ironic's test node has the driver `fake-driverz`, which ironledger does not offer: its fixture node is `fake-hardware`, so `driver` differs.",
  writes: "Ironic writes port groups, volume connectors and targets, chassis, deploy templates and allocation updates in its API process (201, 200, 204); ironledger carries every write out through a conductor, and with none alive (Ironic's test fails its conductor calls) answers 503.",
  reads: "Ironic asks a conductor (503 in its test); ironledger answers from its read model: the console's state, the VIFs, the vendor methods.",
  judged: "ironledger refuses the request before a conductor is asked, where Ironic's test fails the conductor call first (503): the RAID body (the request wraps it in `target_raid_config`), an unknown vendor method, `retired` or `protected` in a state that forbids them, an indicator's name without `@` (Ironic's router reads `indicators/{component}/{indicator}` as the indicator `{component}`, the state `{indicator}`). Real Ironic refuses them too (400, 409).",
  unchanged: "The PATCH changes nothing (the node already has those interfaces): ironledger answers 200 without asking a conductor, Ironic asks one (503).",
  trait: "The node lacks the trait (Ironic's fixture trait `trait` is not a name the API takes; the project fixtures set none on that node): ironledger answers 404 before a conductor is asked, where Ironic's test fails the conductor call (503); real Ironic's conductor answers 404 too.",
  bios: "Fixture: BIOS settings come only from a node's BIOS interface, so the fixture node has no `FAKE_SETTING` (404).",
  history: "Fixture: ironledger records a history entry for every event of the node (Ironic's fixture holds one).",
  inventory: "Fixture: a node's inventory comes only from inspection, so the fixture node has none (404).",
  last_error: "Fixture: `last_error`, `reservation` and `driver_internal_info` cannot be set through the API, so they do not hold the values Ironic's fixture puts in its database.",
  implied: "Keystone implies `reader` from `member`: a real token of a project `member` carries `reader` too, which Ironic's test (roles taken from headers) does not, so the list is allowed (200, empty) where Ironic's test refuses it; real Ironic behind Keystone allows it too.",
  instance: "Fixture: an allocation made through the API gives its node an `instance_uuid` (Ironic's database fixtures do not), so backfilling the node again is 409 (its allocation exists) and deleting it 409 (it has an instance), where Ironic's test fails the conductor call (503); real Ironic, its allocation made the same way, answers 409 too.",
} as const;

export const KNOWN_DIFFERENCES: Readonly<Record<RbacRun, readonly KnownDifference[]>> = {
  system_scoped: [
    { why: WHY.driver, cases: ['nodes_get_node_admin', 'nodes_get_node_reader'] },
    { why: WHY.judged, realIronicAgrees: true, cases: ['nodes_states_raid_put_admin', 'nodes_states_raid_put_member', 'nodes_vendor_passthru_get_admin', 'nodes_vendor_passthru_post_admin', 'nodes_vendor_passthru_put_admin', 'nodes_vendor_passthru_delete_admin'] },
    { why: WHY.reads, realIronicAgrees: true, cases: ['nodes_states_console_get_admin', 'nodes_states_console_get_member', 'nodes_states_console_get_service', 'nodes_vendor_passthru_methods_get_admin', 'nodes_vifs_get_admin', 'nodes_vifs_get_member', 'nodes_vifs_get_reader', 'nodes_vifs_get_service'] },
    { why: WHY.trait, realIronicAgrees: true, cases: ['nodes_traits_delete_admin', 'nodes_traits_delete_member', 'nodes_traits_trait_delete_admin', 'nodes_traits_trait_delete_member'] },
    { why: WHY.writes, realIronicAgrees: true, cases: ['portgroups_post_admin', 'volume_connectors_post_admin', 'volume_connectors_post_member', 'volume_connectors_post_service', 'volume_connectors_post_service_project', 'volume_targets_post_admin', 'volume_targets_post_member', 'volume_targets_post_service', 'volume_targets_post_service_project', 'allocations_allocation_id_patch_admin', 'allocations_allocation_id_patch_member', 'deploy_templates_post_admin', 'deploy_templates_deploy_template_id_patch_admin', 'deploy_templates_deploy_template_id_delete_admin', 'chassis_post_admin', 'chassis_chassis_id_patch_admin', 'chassis_chassis_id_patch_member', 'chassis_chassis_id_delete_admin'] },
    { why: WHY.bios, cases: ['nodes_bios_bios_setting_get_admin', 'nodes_bios_bios_setting_get_member', 'nodes_bios_bios_setting_get_reader'] },
    { why: WHY.history, cases: ['node_history_get_admin', 'node_history_get_member', 'node_history_get_reader', 'node_history_get_service'] },
    { why: WHY.inventory, cases: ['node_inventory_get_admin', 'node_inventory_get_reader'] },
  ],
  legacy: [
    { why: WHY.driver, cases: ['nodes_get_node_admin', 'nodes_get_node_observer'] },
    { why: WHY.implied, realIronicAgrees: true, cases: ['nodes_detail_get_member', 'portgroups_get_member', 'portgroups_detail_get_member', 'ports_get_member', 'ports_detail_get_member', 'volume_connectors_get_member', 'volume_targets_get_member', 'allocations_get_member'] },
    { why: WHY.judged, realIronicAgrees: true, cases: ['nodes_states_raid_put_admin', 'nodes_vendor_passthru_get_admin', 'nodes_vendor_passthru_post_admin', 'nodes_vendor_passthru_put_admin', 'nodes_vendor_passthru_delete_admin'] },
    { why: WHY.reads, realIronicAgrees: true, cases: ['nodes_vendor_passthru_methods_get_admin', 'nodes_vifs_get_admin'] },
    { why: WHY.trait, realIronicAgrees: true, cases: ['nodes_traits_delete_admin', 'nodes_traits_trait_delete_admin'] },
    { why: WHY.writes, realIronicAgrees: true, cases: ['portgroups_post_admin', 'volume_connectors_post_admin', 'volume_targets_post_admin', 'allocations_allocation_id_patch_admin', 'deploy_templates_post_admin', 'deploy_templates_deploy_template_id_patch_admin', 'deploy_templates_deploy_template_id_delete_admin', 'chassis_post_admin', 'chassis_chassis_id_patch_admin', 'chassis_chassis_id_delete_admin'] },
    { why: WHY.bios, cases: ['nodes_bios_bios_setting_get_admin', 'nodes_bios_bios_setting_get_observer'] },
    { why: WHY.history, cases: ['node_history_get_admin', 'node_history_get_observer'] },
  ],
  'legacy (scoped canary)': [
    { why: WHY.implied, realIronicAgrees: true, cases: ['nodes_detail_get_member', 'portgroups_get_member', 'portgroups_detail_get_member', 'ports_get_member', 'ports_detail_get_member', 'volume_connectors_get_member', 'volume_targets_get_member', 'allocations_get_member'] },
  ],
  project_scoped: [
    { why: WHY.last_error, cases: ['owner_reader_can_get_restricted_fields'] },
    { why: WHY.unchanged, realIronicAgrees: true, cases: ['owner_admin_can_change_drivers', 'owner_manager_can_change_drivers'] },
    { why: WHY.judged, realIronicAgrees: true, cases: ['owner_member_can_patch_all_the_things', 'lessee_member_can_set_protected', 'owner_admin_can_set_raid_config', 'owner_manager_can_set_raid_config', 'owner_member_can_set_raid_config', 'owner_member_can_set_indicator'] },
    { why: WHY.instance, realIronicAgrees: true, cases: ['owner_admin_can_delete_nodes', 'owner_admin_can_create_allocation_with_their_uuid', 'owner_manager_can_create_allocation_with_their_uuid'] },
    { why: WHY.reads, realIronicAgrees: true, cases: ['owner_admin_can_get_console', 'owner_manager_can_get_console', 'owner_service_can_get_console', 'owner_member_can_get_console', 'owner_reader_get_vifs', 'lessee_reader_get_vifs'] },
    { why: WHY.trait, realIronicAgrees: true, cases: ['owner_admin_can_delete_traits', 'owner_manager_can_delete_traits'] },
    { why: WHY.writes, realIronicAgrees: true, cases: ['owner_admin_can_add_portgroup', 'owner_service_can_add_portgroup', 'owner_manager_can_add_portgroup', 'owner_admin_can_post_volume_connector', 'owner_manager_can_post_volume_connector', 'owner_service_can_post_volume_connector', 'owner_admin_create_volume_target', 'owner_service_create_volume_target', 'owner_manager_create_volume_target', 'lessee_admin_create_volume_target', 'lessee_manager_create_volume_target', 'owner_member_can_patch_allocation', 'lessee_member_can_patch_allocation'] },
    { why: WHY.history, cases: ['node_history_get_admin', 'node_history_get_member', 'node_history_get_reader', 'node_history_get_service'] },
    { why: WHY.inventory, cases: ['node_inventory_get_admin', 'node_inventory_get_member', 'node_inventory_get_reader'] },
  ],
};
