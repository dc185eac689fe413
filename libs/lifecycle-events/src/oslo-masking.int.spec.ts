/**
 * The port of oslo.utils' masking against oslo.utils itself: thousands of generated texts and
 * dictionaries (secret names in any case, Python's spaces, `İ` and `ı`, quotes, `--flags`, XML,
 * nesting, lists, non-text values) masked by `strutils.mask_password` and `mask_dict_password`
 * in the Python Ironic 21.4 runs with, and by ours; every answer must be the same. Where that
 * Python or oslo.utils is not installed (Debian's python3-oslo.utils), the suite is skipped and says why.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { type JsonObject } from '@ironledger/domain';
import { maskDictPassword, maskPassword, REDACTED } from './redact.js';

const PYTHON = '/usr/bin/python3';
const OSLO = `
import json, sys
from oslo_utils import strutils
cases = json.load(sys.stdin)
json.dump([strutils.mask_password(c, ${JSON.stringify(REDACTED)}) if isinstance(c, str) else strutils.mask_dict_password(c, ${JSON.stringify(REDACTED)}) for c in cases], sys.stdout)
`;

function osloMissing(): string | undefined {
  try {
    execFileSync(PYTHON, ['-c', 'import oslo_utils.strutils'], { stdio: 'ignore' });
    return undefined;
  } catch {
    return `${PYTHON} cannot import oslo_utils (install Debian's python3-oslo.utils)`;
  }
}

const missing = osloMissing();
const TITLE = 'secret masking against oslo.utils';
if (missing) process.stderr.write(`${TITLE} SKIPPED: ${missing}\n`);

const TOKENS = [
  'password', 'Password', 'PASSWORD', 'token', 'secret', 'admin_pass', 'adminİpass', 'admın_pass', 'ſecret', 'toKen', 'configdrive', 'private_KEY', 'key',
  '=', ' ', '"', "'", ':', '--', '-', '<', '>', '</', 'u', 'x', '1', '23', '\x1c', '\x85', '\ufeff', '\n', '\t', ',', 'abc', '^', '{', '}', '😀', "'-p'",
];
const text = fc.oneof(fc.array(fc.constantFrom(...TOKENS), { maxLength: 14 }).map((parts) => parts.join('')), fc.string({ maxLength: 30 }), fc.string({ unit: 'binary', maxLength: 20 }));
const key = fc.oneof(fc.constantFrom('password', 'ipmi_password', 'Token', 'key1', 'snmp_auth_key', 'configdrive', 'ADMİN_PASS', 'user'), fc.string({ maxLength: 8 }));
const leaf = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null), fc.array(text, { maxLength: 2 }), fc.array(fc.dictionary(key, text, { maxKeys: 2 }), { maxLength: 1 }));
const dictionary = fc.letrec((tie) => ({ dict: fc.dictionary(key, fc.oneof({ depthSize: 'small' }, leaf, tie('dict')), { maxKeys: 5 }) })).dict as fc.Arbitrary<JsonObject>;

(missing ? describe.skip : describe)(missing ? `${TITLE}: SKIPPED, ${missing}` : TITLE, () => {
  it('masks every generated text and dictionary as oslo.utils does', () => {
    const cases: (string | JsonObject)[] = [...fc.sample(text, { numRuns: 20_000, seed: 42 }), ...fc.sample(dictionary, { numRuns: 3_000, seed: 42 })];
    const expected = JSON.parse(execFileSync(PYTHON, ['-c', OSLO], { input: JSON.stringify(cases), maxBuffer: 1 << 28 }).toString()) as unknown[];
    const differences = cases.flatMap((value, i) => {
      const ours = typeof value === 'string' ? maskPassword(value) : maskDictPassword(value);
      return JSON.stringify(ours) === JSON.stringify(expected[i]) ? [] : [{ value, oslo: expected[i], ours }];
    });
    expect(differences.slice(0, 5)).toEqual([]);
    // The cases exercise the masking, not only text without secrets.
    expect(cases.filter((value, i) => JSON.stringify(value) !== JSON.stringify(expected[i])).length).toBeGreaterThan(1000);
  });
});
