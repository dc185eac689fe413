/**
 * What to do next about a node that failed or was set aside: read from its provision state, its
 * fault and its maintenance, with the verbs Ironic accepts from there.
 */

export interface AdvisedNode {
  readonly provision_state: string;
  readonly fault: string | null;
  readonly maintenance: boolean;
  readonly last_error: string | null;
}

/** Why a failed state is left, by state: Ironic's verbs out of it. */
const FAILED: Readonly<Record<string, string>> = {
  'deploy failed': 'Deploy again (after fixing the image or instance_info), or Undeploy to clean the node back to available.',
  'clean failed': 'Fix what the last error names, then Manage (back to manageable) and Provide to clean again.',
  'inspect failed': 'Check the BMC and its driver_info, then Manage, or inspect again.',
  'rescue failed': 'Unrescue to return the node to active, or rescue again; Undeploy tears the instance down.',
  'unrescue failed': 'Unrescue again, or rescue again.',
  'adopt failed': 'Fix the driver_info or instance_info the last error names, then adopt again, or Manage.',
  'service failed': 'Fix the cause, then service again, or abort back to active.',
};

/** Why a fault was recorded and how it clears. */
const FAULTS: Readonly<Record<string, string>> = {
  'power failure': 'The BMC did not answer power requests. Check its address and credentials (Edit → driver info); the power sync clears this fault and the maintenance once the BMC answers again.',
  'clean failure': 'Cleaning failed and the node was set in maintenance. Fix the cause, then Maintenance off, Manage and Provide.',
  'rescue abort failure': 'Aborting a rescue failed and the node was set in maintenance. Check the BMC, then Maintenance off and Unrescue.',
};

/** Advice for the node, most pressing first; none for a node at rest and well. */
export function nextSteps(node: AdvisedNode): string[] {
  const steps: string[] = [];
  if (node.fault) steps.push(FAULTS[node.fault] ?? `Fault "${node.fault}": clear its cause, then Maintenance off.`);
  const failed = FAILED[node.provision_state];
  if (failed) steps.push(failed);
  else if (node.provision_state === 'enroll' && node.last_error) steps.push('Verification failed: check the driver info (the BMC’s address and credentials), then Manage again.');
  if (node.maintenance && !node.fault) steps.push('The conductor leaves a node in maintenance alone: Maintenance off when the work is done.');
  return steps;
}
