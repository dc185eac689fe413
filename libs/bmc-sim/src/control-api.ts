/**
 * The control API under `/control`: faults per BMC, per enclosure and for ranges of the fleet,
 * and the fleet's counters. It needs no credentials. A change reaches past the BMC itself: new
 * credentials end its sessions, a cleared hang answers the requests it held, a factory reset
 * forgets its subscriptions and volumes, a power-off stops its agent.
 */
import { type FastifyInstance } from 'fastify';
import { type Agents } from './agent.js';
import { parseControl, parseEnclosureControl, parseFleetControl } from './control.js';
import { applyEnclosureControl, describeEnclosure, type Enclosure, type EnclosureControl, type EnclosureDefaults, enclosureOwner } from './enclosures.js';
import { type EventSubscriptions } from './events.js';
import { type HeldRequests } from './held.js';
import { indexIn, type Params, sendJson } from './http.js';
import { applyControl, type BmcControl, describeBmc, observePower, type VirtualBmc } from './model.js';
import { REDFISH_VERSION } from './resources.js';
import { type SessionStore } from './sessions.js';
import { type Storages } from './storage.js';

/** The simulator as control changes find it. */
export interface ControlledFleet {
  readonly bmcs: readonly VirtualBmc[];
  readonly enclosures: readonly Enclosure[];
  /** Credentials an enclosure's `reset` returns to. */
  readonly defaults: EnclosureDefaults;
  readonly now: () => number;
  readonly sessions: SessionStore;
  readonly held: HeldRequests;
  readonly subscriptions: EventSubscriptions;
  readonly agents: Agents;
  readonly storages: Storages;
}

/** Applies a change to one BMC and to what the simulator keeps for it. */
export function controlBmc(fleet: ControlledFleet, bmc: VirtualBmc, change: BmcControl): void {
  const { release, credentialsChanged } = applyControl(bmc, change, fleet.now());
  if (credentialsChanged || change.dropSessions || change.sessionService === false) fleet.sessions.removeOwner(bmc.index);
  if (release) fleet.held.release(bmc.index);
  // Back to defaults: a BMC fresh from the factory has no subscriptions.
  if (change.reset) fleet.subscriptions.removeOwner(bmc.index);
  if (change.powerState === 'Off') fleet.agents.poweredOff(bmc);
  if (change.reset) fleet.storages.clear(bmc.index);
}

/** Applies a change to one enclosure, ending its sessions when its account changed. */
export function controlEnclosure(fleet: ControlledFleet, enclosure: Enclosure, change: EnclosureControl): void {
  const { credentialsChanged } = applyEnclosureControl(enclosure, change, fleet.defaults);
  if (credentialsChanged || change.dropSessions) fleet.sessions.removeOwner(enclosureOwner(enclosure.index));
}

/** The control API's own routes (ramdisks, agents and images add theirs). */
export function installControlRoutes(app: FastifyInstance, fleet: ControlledFleet): void {
  const { bmcs, enclosures, sessions, now } = fleet;
  const count = bmcs.length;
  const bmcAt = (param: string | undefined) => bmcs[indexIn(param, count) - 1];
  const enclosureAt = (param: string | undefined) => enclosures[indexIn(param, enclosures.length) - 1];
  const missing = (n: string | undefined) => ({ error: `no BMC ${n}; BMCs are 1 to ${count}` });
  app.get<{ Params: Params }>('/control/bmc/:n', (request, reply) => {
    const bmc = bmcAt(request.params.n);
    if (!bmc) return void sendJson(reply, 404, missing(request.params.n));
    sendJson(reply, 200, { ...describeBmc(bmc, now()), held: fleet.held.count(bmc.index), sessions: sessions.list(bmc.index).length });
  });
  app.put<{ Params: Params }>('/control/bmc/:n', (request, reply) => {
    const bmc = bmcAt(request.params.n);
    if (!bmc) return void sendJson(reply, 404, missing(request.params.n));
    const parsed = parseControl(request.body);
    if (!parsed.ok) return void sendJson(reply, 400, { error: parsed.error });
    controlBmc(fleet, bmc, parsed.value);
    sendJson(reply, 200, describeBmc(bmc, now()));
  });
  app.post('/control/fleet', (request, reply) => {
    const parsed = parseFleetControl(request.body ?? {});
    if (!parsed.ok) return void sendJson(reply, 400, { error: parsed.error });
    const { from = 1, to = count, ...change } = parsed.value;
    let updated = 0;
    for (let index = from; index <= Math.min(to, count); index++, updated++) controlBmc(fleet, bmcs[index - 1]!, change);
    sendJson(reply, 200, { updated });
  });
  const noEnclosure = (e: string | undefined) => ({ error: `no enclosure ${e}; there are ${enclosures.length}` });
  app.get<{ Params: Params }>('/control/enclosure/:e', (request, reply) => {
    const enclosure = enclosureAt(request.params.e);
    if (!enclosure) return void sendJson(reply, 404, noEnclosure(request.params.e));
    sendJson(reply, 200, { ...describeEnclosure(enclosure), sessions: sessions.list(enclosureOwner(enclosure.index)).length });
  });
  app.put<{ Params: Params }>('/control/enclosure/:e', (request, reply) => {
    const enclosure = enclosureAt(request.params.e);
    if (!enclosure) return void sendJson(reply, 404, noEnclosure(request.params.e));
    const parsed = parseEnclosureControl(request.body);
    if (!parsed.ok) return void sendJson(reply, 400, { error: parsed.error });
    controlEnclosure(fleet, enclosure, parsed.value);
    sendJson(reply, 200, describeEnclosure(enclosure));
  });
  app.get('/control/fleet', (_request, reply) => {
    const at = now();
    let on = 0;
    let requests = 0;
    let resets = 0;
    for (const bmc of bmcs) {
      if (observePower(bmc, at) === 'On') on++;
      requests += bmc.requests;
      resets += bmc.resets;
    }
    sendJson(reply, 200, { systems: count, enclosures: enclosures.length, on, off: count - on, requests, resets, sessions: sessions.size, held: fleet.held.total, redfishVersion: REDFISH_VERSION });
  });
}
