/**
 * The rendered reference of `/v1/openapi.json`: Swagger UI from the installed swagger-ui-dist,
 * served by the gateway itself so that it works without network access (no CDN). It lives at
 * `/v1/api-ref/`, beside the document it renders, behind the same authentication as the API.
 */
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { type NestFastifyApplication } from '@nestjs/platform-fastify';

export const OPENAPI_PATH = '/v1/openapi.json';
export const API_REFERENCE_PATH = '/v1/api-ref';

/** What the page loads; the package's other files (its own index.html shows the Petstore example) are not served. */
const ASSETS = new Set(['swagger-ui.css', 'swagger-ui-bundle.js', 'favicon-32x32.png']);

/** The page; `validatorUrl: null` keeps Swagger UI from sending the document to swagger.io's validator. */
export const API_REFERENCE_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>ironledger API reference</title>
  <link rel="stylesheet" href="${API_REFERENCE_PATH}/swagger-ui.css">
  <link rel="icon" type="image/png" href="${API_REFERENCE_PATH}/favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="${API_REFERENCE_PATH}/swagger-ui-bundle.js"></script>
  <script>SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: true, validatorUrl: null });</script>
</body>
</html>
`;

/** Serves the page's assets below `API_REFERENCE_PATH`, with @fastify/static. */
export function serveApiReferenceAssets(app: NestFastifyApplication): void {
  app.useStaticAssets({
    root: dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json')),
    prefix: `${API_REFERENCE_PATH}/`,
    // Other static folders may be registered too; only one may decorate the reply.
    decorateReply: false,
    index: false,
    allowedPath: (path) => ASSETS.has(path.replace(/^\//, '')),
  });
}
