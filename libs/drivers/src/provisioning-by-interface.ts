import { interfaceOf, type Node, unsupportedText } from '@ironledger/domain';
import { DriverError, type ProvisioningDriver } from './driver.js';

/**
 * A hardware type's provisioning chosen per node, as Ironic loads a node's interfaces: deploy,
 * tear-down, cleaning, inspection and adoption by its `deploy_interface` (or the one its
 * `instance_info` chooses), rescue by its `rescue_interface` (the `agent` rescue needs the
 * agent, whatever the deploy). An implementation not listed refuses the work.
 */
export function provisioningByInterface(
  byDeploy: Readonly<Record<string, ProvisioningDriver>>,
  byRescue: Readonly<Record<string, ProvisioningDriver>>,
): ProvisioningDriver {
  const deploy = (node: Node): ProvisioningDriver => {
    const name = interfaceOf(node, 'deploy');
    const found = byDeploy[name];
    if (!found) throw new DriverError(`deploy interface implementation '${name}' is not supported by hardware type ${node.driver}.`);
    return found;
  };
  const rescue = (node: Node): ProvisioningDriver => {
    const found = byRescue[interfaceOf(node, 'rescue')];
    if (!found) throw new DriverError(unsupportedText(node.driver, 'rescue'));
    return found;
  };
  return {
    deploy: async (node, phase) => deploy(node).deploy(node, phase),
    tearDown: async (node) => deploy(node).tearDown(node),
    clean: async (node, steps, phase) => deploy(node).clean(node, steps, phase),
    inspect: async (node, phase) => deploy(node).inspect(node, phase),
    adopt: async (node) => deploy(node).adopt(node),
    rescue: async (node, phase) => rescue(node).rescue(node, phase),
    unrescue: async (node) => rescue(node).unrescue(node),
    tearDownRamdisk: async (node, powerOff) => deploy(node).tearDownRamdisk(node, powerOff),
  };
}
