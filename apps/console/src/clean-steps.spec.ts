import { describe, expect, it } from '@jest/globals';
import { cleanSteps } from './clean-steps.js';

describe('cleanSteps', () => {
  it('lists the steps chosen in a fixed order, then the ones given as JSON', () => {
    expect(cleanSteps(new Set(['raid.delete_configuration', 'deploy.erase_devices_metadata']), '[{"interface": "bios", "step": "apply_configuration", "args": {"settings": []}}]')).toEqual([
      { interface: 'deploy', step: 'erase_devices_metadata' },
      { interface: 'raid', step: 'delete_configuration' },
      { interface: 'bios', step: 'apply_configuration', args: { settings: [] } },
    ]);
    expect(cleanSteps(new Set(), '  ')).toEqual([]);
  });

  it('refuses other steps that are not a JSON list', () => {
    expect(() => cleanSteps(new Set(), '{"interface": "bios"}')).toThrow(/JSON list/);
    expect(() => cleanSteps(new Set(), '[{')).toThrow(SyntaxError);
  });
});
