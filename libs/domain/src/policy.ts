import { assertNever } from './assert-never.js';
/**
 * Access policy in oslo.policy's rule language, as Ironic's policy is written: checks
 * `role:admin`, `rule:other`, `<credential>:<value>` (`project_id:%(node.owner)s`,
 * `system_scope:all`), `@` (always) and `!` (never), combined with `and`, `or`, `not` and
 * parentheses (`not` binds tightest, then `and`, then `or`). An empty rule always passes.
 *
 * A policy is a set of named rules, each with the token scopes it accepts and, for rules whose
 * default changed, the older default: with `enforceNewDefaults` off the two are or'ed (unless
 * the operator overrode the rule), and with `enforceScope` on a token of another scope is refused
 * before the rule is looked at. Pure: no I/O, no clock.
 */

/** A parsed check string. */
export type PolicyCheck =
  | { readonly kind: 'always' }
  | { readonly kind: 'never' }
  | { readonly kind: 'rule'; readonly name: string }
  | { readonly kind: 'role'; readonly match: string }
  | { readonly kind: 'generic'; readonly credential: string; readonly match: string }
  | { readonly kind: 'not'; readonly check: PolicyCheck }
  | { readonly kind: 'and'; readonly checks: readonly PolicyCheck[] }
  | { readonly kind: 'or'; readonly checks: readonly PolicyCheck[] };

/** What a caller's token says about them, under oslo.policy's credential names. */
export interface PolicyCredentials {
  readonly roles: readonly string[];
  readonly project_id?: string | null;
  readonly project_name?: string | null;
  readonly project_domain_id?: string | null;
  readonly user_id?: string | null;
  /** `all` for a system-scoped token. */
  readonly system_scope?: string | null;
  readonly domain_id?: string | null;
  readonly [other: string]: unknown;
}

/** The attributes of the thing acted on, by dotted name (`node.owner`, `allocation.owner`). */
export type PolicyTarget = Readonly<Record<string, unknown>>;

export type ScopeType = 'system' | 'project' | 'domain';

export interface PolicyRule {
  readonly check: PolicyCheck;
  /** The token scopes the rule accepts (none: any). */
  readonly scopeTypes?: readonly ScopeType[];
  /** The default this rule replaced, or'ed with it while `enforceNewDefaults` is off. */
  readonly deprecated?: PolicyCheck;
}

export interface Policy {
  readonly rules: ReadonlyMap<string, PolicyRule>;
  readonly enforceScope: boolean;
  readonly enforceNewDefaults: boolean;
}

/** The outcome of an authorization: allowed, refused by the rule, or refused for the token's scope. */
export type PolicyDecision = 'allowed' | 'denied' | 'wrong-scope';

/** A rule's source as data: the check string, and what `PolicyRule` says beside it. */
export interface PolicyRuleSource {
  readonly check: string;
  readonly scope_types?: readonly ScopeType[];
  readonly deprecated?: string;
}

export class PolicySyntaxError extends Error {
  constructor(
    readonly rule: string,
    message: string,
  ) {
    super(message);
  }
}

/** Parses a check string; throws `PolicySyntaxError` naming `rule` when it is not one. */
export function parseCheck(text: string, rule = '(unnamed)'): PolicyCheck {
  const tokens = tokenize(text);
  if (tokens.length === 0) return { kind: 'always' };
  let at = 0;
  const fail = (why: string): never => {
    throw new PolicySyntaxError(rule, `policy rule "${rule}": ${why} in "${text}"`);
  };
  const parseOr = (): PolicyCheck => {
    const checks = [parseAnd()];
    while (tokens[at] === 'or') {
      at++;
      checks.push(parseAnd());
    }
    return checks.length === 1 ? checks[0]! : { kind: 'or', checks };
  };
  const parseAnd = (): PolicyCheck => {
    const checks = [parseNot()];
    while (tokens[at] === 'and') {
      at++;
      checks.push(parseNot());
    }
    return checks.length === 1 ? checks[0]! : { kind: 'and', checks };
  };
  const parseNot = (): PolicyCheck => {
    if (tokens[at] !== 'not') return parseAtom();
    at++;
    return { kind: 'not', check: parseNot() };
  };
  const parseAtom = (): PolicyCheck => {
    const token = tokens[at++];
    if (token === undefined) return fail('a check is missing at the end');
    if (token === '(') {
      const inner = parseOr();
      if (tokens[at++] !== ')') fail('a parenthesis is not closed');
      return inner;
    }
    if (token === ')' || token === 'and' || token === 'or') return fail(`"${token}" where a check belongs`);
    return atom(token, fail);
  };
  const check = parseOr();
  if (at < tokens.length) fail(`unexpected "${tokens[at]}"`);
  return check;
}

/**
 * Splits a check string as oslo.policy does: on whitespace, with the parentheses that open or
 * close a chunk as tokens of their own (so `%(node.owner)s` inside a check stays whole).
 */
function tokenize(text: string): string[] {
  const tokens: string[] = [];
  for (const chunk of text.split(/\s+/).filter(Boolean)) {
    const opening = /^\(*/.exec(chunk)![0].length;
    const body = chunk.slice(opening);
    const closing = /\)*$/.exec(body)![0].length;
    const check = body.slice(0, body.length - closing);
    tokens.push(...'('.repeat(opening));
    if (check) tokens.push(/^(and|or|not)$/i.test(check) ? check.toLowerCase() : check);
    tokens.push(...')'.repeat(closing));
  }
  return tokens;
}

function atom(token: string, fail: (why: string) => never): PolicyCheck {
  if (token === '@') return { kind: 'always' };
  if (token === '!') return { kind: 'never' };
  const colon = token.indexOf(':');
  if (colon < 1) return fail(`"${token}" is no check (kind:value)`);
  const kind = token.slice(0, colon);
  const match = token.slice(colon + 1);
  if (kind === 'rule') return { kind: 'rule', name: match };
  if (kind === 'role') return { kind: 'role', match };
  return { kind: 'generic', credential: kind, match };
}

/** The policy made of `defaults`, with the operator's `overrides` (check strings by rule name) in their place. */
export function buildPolicy(defaults: Readonly<Record<string, PolicyRuleSource>>, overrides: Readonly<Record<string, string>>, options: { enforceScope: boolean; enforceNewDefaults: boolean }): Policy {
  const rules = new Map<string, PolicyRule>();
  for (const [name, source] of Object.entries(defaults)) {
    rules.set(name, {
      check: parseCheck(source.check, name),
      ...(source.scope_types ? { scopeTypes: source.scope_types } : {}),
      ...(source.deprecated !== undefined ? { deprecated: parseCheck(source.deprecated, name) } : {}),
    });
  }
  // An overridden rule is the operator's alone: its old default is not or'ed with it.
  for (const [name, check] of Object.entries(overrides)) {
    const known = rules.get(name);
    rules.set(name, { check: parseCheck(check, name), ...(known?.scopeTypes ? { scopeTypes: known.scopeTypes } : {}) });
  }
  return { rules, ...options };
}

/** The scope of a token: system, project, domain, or none (unscoped). */
export function tokenScope(credentials: PolicyCredentials): ScopeType | null {
  if (credentials.system_scope) return 'system';
  if (credentials.project_id) return 'project';
  if (credentials.domain_id) return 'domain';
  return null;
}

/** Whether the rule `name` lets `credentials` act on `target`. An unknown rule refuses. */
export function authorize(policy: Policy, name: string, target: PolicyTarget, credentials: PolicyCredentials): PolicyDecision {
  const rule = policy.rules.get(name);
  if (!rule) return 'denied';
  if (policy.enforceScope && rule.scopeTypes && rule.scopeTypes.length > 0) {
    const scope = tokenScope(credentials);
    if (scope === null || !rule.scopeTypes.includes(scope)) return 'wrong-scope';
  }
  return passes(policy, rule, target, credentials, new Set([name])) ? 'allowed' : 'denied';
}

function passes(policy: Policy, rule: PolicyRule, target: PolicyTarget, credentials: PolicyCredentials, seen: ReadonlySet<string>): boolean {
  if (evaluate(policy, rule.check, target, credentials, seen)) return true;
  return !policy.enforceNewDefaults && rule.deprecated !== undefined && evaluate(policy, rule.deprecated, target, credentials, seen);
}

/** Evaluates a check; `seen` holds the rules being evaluated, so that a rule naming itself refuses instead of looping. */
export function evaluate(policy: Policy, check: PolicyCheck, target: PolicyTarget, credentials: PolicyCredentials, seen: ReadonlySet<string> = new Set()): boolean {
  switch (check.kind) {
    case 'always':
      return true;
    case 'never':
      return false;
    case 'rule': {
      const rule = policy.rules.get(check.name);
      if (!rule || seen.has(check.name)) return false;
      return passes(policy, rule, target, credentials, new Set([...seen, check.name]));
    }
    case 'role': {
      const role = substitute(check.match, target);
      return role !== null && credentials.roles.some((held) => held.toLowerCase() === role.toLowerCase());
    }
    case 'generic':
      return genericMatches(check, target, credentials);
    case 'not':
      return !evaluate(policy, check.check, target, credentials, seen);
    case 'and':
      return check.checks.every((inner) => evaluate(policy, inner, target, credentials, seen));
    case 'or':
      return check.checks.some((inner) => evaluate(policy, inner, target, credentials, seen));
    default:
      return assertNever(check, 'policy check');
  }
}

/**
 * `credential:value`: the value is a literal (quoted, or True/False/None as Python writes them)
 * or, after `%(name)s` substitution from the target, compared with the credential as text.
 */
function genericMatches(check: { credential: string; match: string }, target: PolicyTarget, credentials: PolicyCredentials): boolean {
  const held = dotted(credentials, check.credential);
  // A credential the token does not carry matches nothing (oslo.policy's KeyError).
  if (held === undefined) return false;
  const quoted = /^(['"])(.*)\1$/.exec(check.match);
  const literal = quoted ? quoted[2]! : PYTHON_CONSTANTS.has(check.match) ? check.match : null;
  const wanted = literal ?? substitute(check.match, target);
  if (wanted === null) return false;
  if (Array.isArray(held)) return held.some((value) => pythonText(value) === wanted);
  return pythonText(held) === wanted;
}

const PYTHON_CONSTANTS = new Set(['True', 'False', 'None']);

/** `%(name)s` replaced by the target's values; null when the target lacks one (the check fails). */
function substitute(template: string, target: PolicyTarget): string | null {
  let missing = false;
  const text = template.replace(/%\(([^)]+)\)s/g, (_whole, key: string) => {
    if (!(key in target)) {
      missing = true;
      return '';
    }
    return pythonText(target[key]);
  });
  return missing ? null : text;
}

/** A value as Python's `str()` writes it, which is what oslo.policy compares. */
function pythonText(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  return String(value);
}

function dotted(source: Readonly<Record<string, unknown>>, path: string): unknown {
  if (path in source) return source[path];
  let current: unknown = source;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}
