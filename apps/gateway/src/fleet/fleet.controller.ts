import { All, Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { DRIVER_PROPERTIES } from '@ironledger/drivers';
import { HARDWARE_TYPES, LOGICAL_DISK_PROPERTY_DESCRIPTIONS } from '@ironledger/domain';
import { ConductorLink } from '../conductor-link.js';
import { type RawQuery } from '../http/collection-query.js';
import { ApiError, notAcceptable } from '../http/errors.js';
import { Ctx, type RequestContext } from '../http/http-context.js';
import { Versions } from '../http/microversion.js';
import { OnlyRefuses, QUERY_VALUE, QueryParameters, ResponseBody } from '../openapi/operation-docs.js';
import {
  CONDUCTOR_LIST_SCHEMA,
  CONDUCTOR_VIEW_SCHEMA,
  DRIVER_LIST_SCHEMA,
  DRIVER_PROPERTIES_SCHEMA,
  DRIVER_VIEW_SCHEMA,
  LOGICAL_DISK_PROPERTIES_SCHEMA,
  VENDOR_METHODS_SCHEMA,
} from './fleet-view.schema.js';
import {
  CONDUCTOR_LIST_PARAMETERS,
  CONDUCTOR_PARAMETERS,
  conductorList,
  conductorView,
  DRIVER_LIST_PARAMETERS,
  DRIVER_PARAMETERS,
  driverView,
  parseConductorListQuery,
  parseConductorQuery,
  parseDriverListQuery,
  parseDriverQuery,
  servedHardwareTypes,
  withFields,
} from './fleet.view.js';

/** The conductor fleet as the API shows it: drivers (hardware types) and conductors, from the conductors' heartbeats. */
@Controller('v1')
export class FleetController {
  constructor(@Inject(ConductorLink) private readonly conductors: ConductorLink) {}

  /** Hardware types served by live conductors (none listed while no conductor is alive, as in Ironic). */
  @Get('drivers')
  @QueryParameters(DRIVER_LIST_PARAMETERS)
  @ResponseBody('DriverList', DRIVER_LIST_SCHEMA)
  drivers(@Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    const query = parseDriverListQuery(raw, ctx.version);
    if (query.type === 'classic') return { drivers: [] };
    const served = servedHardwareTypes(this.conductors.members());
    return { drivers: [...served].map(([name, hosts]) => withFields(driverView(name, hosts, ctx.baseUrl, ctx.version, query.detail), query.fields)) };
  }

  @Get('drivers/:name')
  @QueryParameters(DRIVER_PARAMETERS)
  @ResponseBody('Driver', DRIVER_VIEW_SCHEMA)
  driver(@Param('name') name: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    const fields = parseDriverQuery(raw, ctx.version);
    return withFields(driverView(name, this.hostsOf(name, `Could not find the following driver(s) or hardware type(s): ${name}.`), ctx.baseUrl, ctx.version, true), fields);
  }

  /** The `driver_info` keys the hardware type reads. */
  @Get('drivers/:name/properties')
  @ResponseBody('DriverProperties', DRIVER_PROPERTIES_SCHEMA)
  properties(@Param('name') name: string) {
    this.hostsOf(name, unknownDriver(name));
    return DRIVER_PROPERTIES[name] ?? {};
  }

  @Get('drivers/:name/raid/logical_disk_properties')
  @ResponseBody('LogicalDiskProperties', LOGICAL_DISK_PROPERTIES_SCHEMA)
  raidProperties(@Param('name') name: string, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.RAID_CONFIG)) throw notAcceptable();
    this.hostsOf(name, unknownDriver(name));
    if (HARDWARE_TYPES[name]?.raid[0] === 'no-raid') throw new ApiError(404, `Driver ${name} does not support raid (disabled or not implemented).`);
    return LOGICAL_DISK_PROPERTY_DESCRIPTIONS;
  }

  /** No hardware type of this build has driver vendor methods. */
  @Get('drivers/:name/vendor_passthru/methods')
  @ResponseBody('VendorMethods', VENDOR_METHODS_SCHEMA)
  vendorMethods(@Param('name') name: string) {
    this.hostsOf(name, unknownDriver(name));
    return {};
  }

  /**
   * Calling a driver vendor method (`?method=` or, as the client does, in the path): there are
   * none, so Ironic's refusal for an unknown one, whatever the HTTP method.
   */
  @All(['drivers/:name/vendor_passthru', 'drivers/:name/vendor_passthru/:method'])
  @QueryParameters([{ name: 'method', description: 'The driver vendor method to call (the path may name it instead).', schema: QUERY_VALUE.string }])
  @OnlyRefuses(400, 404)
  vendorCall(@Param('name') name: string, @Param('method') inPath: string | undefined, @Query('method') inQuery: unknown) {
    const method = inPath ?? inQuery;
    if (typeof method !== 'string' || method === '') throw new ApiError(400, 'Missing mandatory parameter: method');
    this.hostsOf(name, unknownDriver(name));
    throw new ApiError(400, `No handler for method ${method}`);
  }

  @Get('conductors')
  @QueryParameters(CONDUCTOR_LIST_PARAMETERS)
  @ResponseBody('ConductorList', CONDUCTOR_LIST_SCHEMA)
  list(@Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.CONDUCTORS)) throw new ApiError(404, 'Resource could not be found.');
    return conductorList(this.conductors.members(), parseConductorListQuery(raw), ctx.baseUrl);
  }

  @Get('conductors/:hostname')
  @QueryParameters(CONDUCTOR_PARAMETERS)
  @ResponseBody('Conductor', CONDUCTOR_VIEW_SCHEMA)
  conductor(@Param('hostname') hostname: string, @Query() raw: RawQuery, @Ctx() ctx: RequestContext) {
    if (!ctx.version.atLeast(Versions.CONDUCTORS)) throw new ApiError(404, 'Resource could not be found.');
    const fields = parseConductorQuery(raw);
    const member = this.conductors.members().find((candidate) => candidate.id === hostname);
    if (!member) throw new ApiError(404, `Conductor ${hostname} could not be found.`);
    return withFields(conductorView(member, ctx.baseUrl, true), fields);
  }

  /** The live conductors serving hardware type `name` (404 with `notFound` when none does). */
  private hostsOf(name: string, notFound: string): string[] {
    const hosts = servedHardwareTypes(this.conductors.members()).get(name);
    if (!hosts) throw new ApiError(404, notFound);
    return hosts;
  }
}

const unknownDriver = (name: string) => `The driver '${name}' is unknown.`;
