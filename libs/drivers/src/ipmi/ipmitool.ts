/**
 * The pure half of the ipmi driver: reading a node's `driver_info`, building `ipmitool`'s
 * argument list, and reading what ipmitool printed. No I/O here.
 */
import { isIP } from 'node:net';
import { type Json, type Node, type PowerState } from '@ironledger/domain';
import { DriverError } from '../driver.js';

/** Privilege levels ipmitool's `-L` accepts (Ironic's `ipmi_priv_level`). */
export const PRIV_LEVELS = ['ADMINISTRATOR', 'CALLBACK', 'OPERATOR', 'USER'] as const;
export type PrivLevel = (typeof PRIV_LEVELS)[number];

export const DEFAULT_IPMI_PORT = 623;
/** AES-128 with HMAC-SHA1: works with ipmitool 1.8.19 and ipmi_sim. Ironic prefers 17 where the BMC has it. */
export const DEFAULT_CIPHER_SUITE = 3;

/** How to reach and log in to one node's BMC, read from its `driver_info`. */
export interface IpmiAccess {
  readonly address: string;
  readonly port: number;
  /** Empty for the NULL user (no `-U`), as Ironic allows. */
  readonly username: string;
  readonly password: string;
  readonly cipherSuite: number;
  readonly privLevel: PrivLevel;
}

/** Where ipmitool reads the password: a file (`-f`) or the `IPMI_PASSWORD` variable (`-E`). */
export type PasswordSource = { readonly file: string } | 'env';

/** RFC 952/1123 host names (letters, digits, hyphens; no leading hyphen, so never an option). */
const HOSTNAME = /^(?=.{1,253}\.?$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;

/** An integer from a JSON number or a decimal string, else undefined. */
function integer(value: Json | undefined): number | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^\s*\d+\s*$/.test(value)) return Number(value);
  return undefined;
}

/**
 * Reads a node's IPMI settings as Ironic names them (`ipmi_address`, `ipmi_port`,
 * `ipmi_username`, `ipmi_password`, `ipmi_cipher_suite`, `ipmi_priv_level`); throws a
 * `DriverError` naming what is wrong. Never touches the BMC.
 */
export function parseDriverInfo(node: Node, defaultCipherSuite = DEFAULT_CIPHER_SUITE): IpmiAccess {
  const info = node.driver_info ?? {};
  const where = `node ${node.uuid}`;
  const address = typeof info.ipmi_address === 'string' ? info.ipmi_address.trim() : '';
  if (!address) throw new DriverError("Missing the following IPMI credentials in node's driver_info: ['ipmi_address'].");
  if (!isIP(address) && !HOSTNAME.test(address)) {
    throw new DriverError(`Invalid IPMI address "${address}" for ${where}: must be an IP address or a host name.`);
  }

  let port = DEFAULT_IPMI_PORT;
  if (info.ipmi_port !== undefined && info.ipmi_port !== null) {
    const value = integer(info.ipmi_port);
    if (value === undefined || value < 1 || value > 65535) throw new DriverError(`ipmi_port "${String(info.ipmi_port)}" is not a valid port.`);
    port = value;
  }

  const username = info.ipmi_username === undefined || info.ipmi_username === null ? '' : String(info.ipmi_username);
  const password = info.ipmi_password === undefined || info.ipmi_password === null ? '' : String(info.ipmi_password);
  if (username.includes('\0') || password.includes('\0')) throw new DriverError(`ipmi_username and ipmi_password of ${where} may not contain NUL characters.`);

  let cipherSuite = defaultCipherSuite;
  if (info.ipmi_cipher_suite !== undefined && info.ipmi_cipher_suite !== null) {
    const value = integer(info.ipmi_cipher_suite);
    if (value === undefined || value > 255) {
      throw new DriverError(`Invalid ipmi_cipher_suite ${JSON.stringify(info.ipmi_cipher_suite)} for ${where}: expected a cipher suite number such as 3 or 17.`);
    }
    cipherSuite = value;
  }
  if (cipherSuite === 0) {
    throw new DriverError(
      `Refusing ipmi_cipher_suite 0 for ${where}: suite 0 has no authentication, so the BMC accepts any password. Use 17 (AES-128, HMAC-SHA256) or 3 (AES-128, HMAC-SHA1), and disable suite 0 on the BMC.`,
    );
  }

  const privLevel = info.ipmi_priv_level === undefined || info.ipmi_priv_level === null ? 'ADMINISTRATOR' : String(info.ipmi_priv_level);
  if (!(PRIV_LEVELS as readonly string[]).includes(privLevel)) {
    throw new DriverError(`Invalid privilege level value:${privLevel}, the valid value can be one of ${PRIV_LEVELS.join(', ')}`);
  }
  return { address, port, username, password, cipherSuite, privLevel: privLevel as PrivLevel };
}

/** The BMC an access talks to; commands are serialised per key. */
export function bmcKey(access: Pick<IpmiAccess, 'address' | 'port'>): string {
  return isIP(access.address) === 6 ? `[${access.address}]:${access.port}` : `${access.address}:${access.port}`;
}

/**
 * ipmitool's arguments for one command, in Ironic's manner: IPMI v2 (`lanplus`), the
 * privilege level, port, user and cipher suite, one try with a one-second timeout (`-R 1
 * -N 1`: the driver retries itself, within its own time budget), and the password from a file
 * or the environment, never on the command line. `-v` makes ipmitool say why a session
 * failed (`RAKP 2 HMAC is invalid` for a wrong password), which it otherwise reports exactly
 * as it reports an unreachable BMC; it does not change what `power` commands print on stdout.
 */
export function buildArgs(access: IpmiAccess, command: readonly string[], password: PasswordSource): string[] {
  const args = ['-I', 'lanplus', '-H', access.address, '-p', String(access.port), '-L', access.privLevel, '-C', String(access.cipherSuite)];
  if (access.username) args.push('-U', access.username);
  args.push('-R', '1', '-N', '1', '-v');
  if (password === 'env') args.push('-E');
  else args.push('-f', password.file);
  return [...args, ...command];
}

/** `Chassis Power is on|off` from `power status`, or null when ipmitool printed something else. */
export function parsePowerStatus(stdout: string): PowerState | null {
  const match = /^Chassis Power is (on|off)\s*$/m.exec(stdout);
  return match ? (`power ${match[1]}` as PowerState) : null;
}

/** How one ipmitool process ended. */
export interface ExecResult {
  /** Exit code; null when it was killed. */
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The driver killed it at its per-process time limit. */
  readonly timedOut?: boolean;
  /** It could not be started (`ENOENT`, …). */
  readonly spawnError?: string;
}

export type FailureKind = 'credentials' | 'unreachable' | 'session' | 'unanswered' | 'bmc' | 'no-ipmitool' | 'other';

/** What went wrong, in words for `last_error`, and whether another try might help. */
export interface Failure {
  readonly kind: FailureKind;
  readonly retryable: boolean;
  readonly reason: string;
  /** ipmitool's own words (stderr, less the chatter of `-v`). */
  readonly detail: string;
  /**
   * Whether the BMC may have acted on the command: false only when ipmitool never ran or never
   * got a session (so no command went out), or the BMC answered that it did not take it.
   */
  readonly reached: boolean;
}

/** What ipmitool says when it got no session with the BMC: the command never went out. */
const NO_SESSION =
  /Get Auth Capabilities error|Error issuing Get Channel Authentication Capabilities|Could not open socket|Address lookup for .* failed|Unable to establish IPMI v2 \/ RMCP\+ session|insufficient resources for session/i;

/** Completion codes by which the BMC says it did not take the command (Ironic retries them too). */
const NOT_TAKEN = /failed: (Node busy|Out of space|BMC initialization in progress)\s*$/im;

/** ipmitool commands that act again when sent again: an ACPI shutdown request, a reset, a power cycle, an NMI, a BMC reset. */
const ACTS_AGAIN = /^((chassis )?power (soft|reset|cycle|diag)|bmc reset (warm|cold))$/;

/**
 * Whether sending `command` twice does no more than sending it once (reads, `power on|off`, boot
 * flags): only such a command may be sent again after a failure that may have reached the BMC.
 */
export function repeatable(command: readonly string[]): boolean {
  return !ACTS_AGAIN.test(command.join(' '));
}

/** Lines `-v` prints on every call, successful or not. */
const CHATTER = [
  /^Loading IANA PEN Registry/,
  /^Running Get VSO Capabilities/,
  /^Invalid completion code received: Invalid command$/,
  /^Discovered IPMB address/,
  /^Get HPM\.x Capabilities request failed/,
  /^Password:\s*$/,
];

/** ipmitool's stderr without `-v` chatter, one line per message. */
export function ipmitoolMessages(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((line) => line.replace(/^>\s*/, '').replace(/^Password:\s*/, '').trim())
    .filter((line) => line && !CHATTER.some((pattern) => pattern.test(line)));
}

/** Classifies a failed ipmitool run. The BMC key and user name are for the wording only. */
export function describeFailure(result: ExecResult, access: Pick<IpmiAccess, 'username' | 'privLevel' | 'cipherSuite'>, timeoutMs?: number): Failure {
  const messages = ipmitoolMessages(result.stderr);
  const detail = messages.join('; ').slice(0, 600);
  const text = messages.join('\n');
  const user = access.username ? `user "${access.username}"` : 'the NULL user';
  // Unless ipmitool shows otherwise, the command may have gone out and been carried out.
  const reached = !result.spawnError && !NO_SESSION.test(text) && !NOT_TAKEN.test(text);
  // A refused login (credentials) sent no command either.
  const failure = (kind: FailureKind, retryable: boolean, reason: string): Failure => ({ kind, retryable, reason, detail, reached: reached && kind !== 'credentials' });

  if (result.spawnError === 'ENOENT') return failure('no-ipmitool', false, 'ipmitool is not installed (Debian package ipmitool)');
  if (result.spawnError) return failure('other', true, `could not start ipmitool (${result.spawnError})`);
  if (result.timedOut) return failure('unreachable', true, `no answer within ${timeoutMs ?? '?'} ms, ipmitool killed (BMC unreachable or hung)`);
  // The BMC answered and refused the session: trying again cannot help, and repeated logins
  // with a wrong password lock accounts on some BMCs.
  if (/RAKP 2 HMAC is invalid/i.test(text)) return failure('credentials', false, `authentication failed: the BMC rejected the password of ${user}`);
  if (/unauthorized name/i.test(text)) return failure('credentials', false, `authentication failed: the BMC does not know ${user}`);
  if (/invalid role|privilege level/i.test(text)) return failure('credentials', false, `the BMC refused privilege level ${access.privLevel} for ${user}`);
  if (/invalid (authentication|integrity|confidentiality) algorithm|no matching cipher suite|unsupported cipher suite/i.test(text)) {
    return failure('credentials', false, `the BMC does not support cipher suite ${access.cipherSuite}`);
  }
  if (/Address lookup for .* failed/i.test(text)) return failure('unreachable', true, 'cannot resolve the BMC address');
  if (/Get Auth Capabilities error|Error issuing Get Channel Authentication Capabilities|No response from remote controller|Could not open socket/i.test(text)) {
    return failure('unreachable', true, 'no answer from the BMC (unreachable, or not listening for IPMI)');
  }
  if (/Unable to establish IPMI v2 \/ RMCP\+ session/i.test(text)) {
    return failure('session', true, 'could not establish an IPMI v2 / RMCP+ session (BMC unreachable, or credentials, privilege level or cipher suite rejected)');
  }
  // ipmitool's words when a command of an open session got no answer (`Unable to set Chassis Power Control to Soft`).
  if (/^Unable to (set|get|send)\b/im.test(text)) return failure('unanswered', true, 'the BMC did not answer the command in time');
  const bmcError = /\bfailed: (.+)$/im.exec(text);
  if (bmcError) return failure('bmc', true, `the BMC answered with an error: ${bmcError[1]!.trim()}`);
  return failure('other', true, `ipmitool exited with code ${result.code}`);
}

/** Replaces every occurrence of the password (a defence: ipmitool is not told to print it). */
export function redact(text: string, password: string): string {
  return password.length >= 3 ? text.split(password).join('***') : text;
}

/** The boot device `chassis bootparam get 5` shows (Ironic's reading of the selector), and whether it holds for every boot. */
export function parseBootParam(stdout: string): { boot_device: string | null; persistent: boolean } {
  const selector = /Boot Device Selector\s*:\s*(.*)$/m.exec(stdout)?.[1] ?? '';
  let boot_device: string | null = null;
  if (selector.includes('PXE')) boot_device = 'pxe';
  else if (selector.includes('Hard-Drive')) boot_device = selector.includes('Safe-Mode') ? 'safe' : 'disk';
  else if (selector.includes('BIOS')) boot_device = 'bios';
  else if (selector.includes('CD/DVD')) boot_device = 'cdrom';
  return { boot_device, persistent: stdout.includes('Options apply to all future boots') };
}

/** `chassis bootdev <device> [options=persistent,efiboot]`: for every boot or the next, booting UEFI or legacy BIOS. */
export function bootdevCommand(device: string, persistent: boolean, uefi: boolean): string[] {
  const options = [...(persistent ? ['persistent'] : []), ...(uefi ? ['efiboot'] : [])];
  return ['chassis', 'bootdev', device, ...(options.length > 0 ? [`options=${options.join(',')}`] : [])];
}

/**
 * What the BMC said when it refused the boot flags: ipmitool's `chassis bootdev` exits 0 even
 * then, and only says so on stderr (`Set Chassis Boot Parameter 5 failed: <why>`).
 */
export function bootdevRefusal(stderr: string): string | null {
  return /Set Chassis Boot Parameter 5 failed: (.+)$/m.exec(stderr)?.[1]?.trim() ?? null;
}

/**
 * The chassis identify state from a raw Get Chassis Status (`raw 0x00 0x01`, hex bytes): bit 6
 * of the third byte says whether the BMC reports it, bits 5:4 are off, timed on, indefinitely on.
 */
export function parseIdentifyState(stdout: string): 'on' | 'off' | 'unknown' {
  const bytes = stdout.trim().split(/\s+/).map((byte) => Number.parseInt(byte, 16));
  const misc = bytes[2];
  if (misc === undefined || Number.isNaN(misc) || (misc & 0x40) === 0) return 'unknown';
  return ((misc >> 4) & 0x03) === 0 ? 'off' : 'on';
}
