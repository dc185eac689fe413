import { Controller, Get, Header, Inject, Req, type Type } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { type FastifyRequest } from 'fastify';
import { API_REFERENCE_PAGE, API_REFERENCE_PATH, OPENAPI_PATH } from './api-reference.js';
import { OPENAPI_DOCUMENT_SCHEMA, openApiDocument, type OpenApiDocument } from './document.js';
import { ResponseBody } from './operation-docs.js';

/** The API's own description: the OpenAPI document and its rendered reference page. */
@Controller()
export class OpenApiController {
  private document?: OpenApiDocument;

  constructor(@Inject(DiscoveryService) private readonly discovery: DiscoveryService) {}

  /**
   * Every route of every module's controllers, built on the first request (when all are known) and kept: routes do not change while the gateway runs.
   * Its server is the gateway as the client reached it, so a generated client needs no other address.
   */
  @Get(OPENAPI_PATH)
  @ResponseBody('OpenApiDocument', OPENAPI_DOCUMENT_SCHEMA)
  openApi(@Req() request: FastifyRequest): OpenApiDocument & { servers: readonly { url: string; description: string }[] } {
    this.document ??= openApiDocument(this.discovery.getControllers().flatMap(({ metatype }) => (metatype ? [metatype as Type] : [])));
    return { ...this.document, servers: [{ url: `${request.protocol}://${request.headers.host ?? request.hostname}`, description: 'This gateway, as this request reached it' }] };
  }

  /** Swagger UI on the document; its assets are served below this path (see `api-reference.ts`). */
  @Get(API_REFERENCE_PATH)
  @Header('Content-Type', 'text/html; charset=utf-8')
  apiReference(): string {
    return API_REFERENCE_PAGE;
  }
}
