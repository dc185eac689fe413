import { type Node } from '@ironledger/domain';
import { type ProvisioningDriver } from './driver.js';

/**
 * A hardware type's provisioning chosen per node, as Ironic loads a node's interfaces: deploy,
 * tear-down and cleaning by its `deploy_interface`, rescue by its `rescue_interface` (the
 * `agent` rescue needs the agent, whatever the deploy); inspection and adoption are the
 * hardware type's own. An implementation not listed falls back to `base`.
 */
export function provisioningByInterface(
  base: ProvisioningDriver,
  byDeploy: Readonly<Record<string, ProvisioningDriver>>,
  byRescue: Readonly<Record<string, ProvisioningDriver>> = {},
): ProvisioningDriver {
  const deploy = (node: Node) => byDeploy[node.deploy_interface] ?? base;
  const rescue = (node: Node) => byRescue[node.rescue_interface] ?? base;
  return {
    deploy: (node, phase) => deploy(node).deploy(node, phase),
    tearDown: (node) => deploy(node).tearDown(node),
    clean: (node, steps, phase) => deploy(node).clean(node, steps, phase),
    rescue: (node, phase) => rescue(node).rescue(node, phase),
    unrescue: (node) => rescue(node).unrescue(node),
    inspect: (node, phase) => base.inspect(node, phase),
    adopt: (node) => base.adopt(node),
  };
}
