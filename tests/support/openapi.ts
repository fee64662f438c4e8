// The served OpenAPI document as the test suite's oracle: fetches
// /v1/openapi.json once and compiles, with ajv (JSON Schema 2020-12, the
// dialect of OpenAPI 3.1), the response schema of each documented
// (path template, method, status).
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { inject } from 'vitest';

type Schema = Record<string, unknown>;
type ResponseObject = { $ref?: string; content?: Record<string, { schema?: Schema }> };
type OperationObject = { operationId?: string; parameters?: { name: string; in: string; schema?: Schema }[]; responses?: Record<string, ResponseObject> };
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string; description?: string }[];
  paths: Record<string, Record<string, OperationObject>>;
  components: { schemas?: Record<string, Schema>; responses?: Record<string, ResponseObject>; securitySchemes?: Record<string, Schema> };
};

/** A response the document describes: the operation it belongs to and its body validator. */
export type DocumentedResponse = { operationId: string; validate: ValidateFunction };

let loaded: Promise<{ document: OpenApiDocument; ajv: Ajv2020 }> | undefined;
const compiled = new Map<string, ValidateFunction>();

async function load() {
  loaded ??= (async () => {
    const response = await fetch(`${inject('baseUrl')}/v1/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /v1/openapi.json answered ${response.status}`);
    const document = (await response.json()) as OpenApiDocument;
    // strict: false so OpenAPI's own keywords (example, discriminator, x-*) do not stop compilation.
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    // The whole document under one id, so every `#/components/...` $ref resolves.
    ajv.addSchema({ $id: 'openapi.json', components: document.components }, 'openapi.json');
    return { document, ajv };
  })();
  return loaded;
}

export async function openApiDocument(): Promise<OpenApiDocument> {
  return (await load()).document;
}

/** The document's path template that matches a concrete /v1 path, e.g. `/pets/17` -> `/pets/{petId}`. */
export function matchPathTemplate(document: OpenApiDocument, pathname: string): string | undefined {
  const relative = pathname.replace(/^\/v1(?=\/|$)/, '');
  // A literal segment wins over a parameter, as in the router: /pets/counts is not /pets/{petId}.
  const byFewestParameters = Object.keys(document.paths).sort((a, b) => a.split('{').length - b.split('{').length);
  return byFewestParameters.find((template) => {
    const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
    return new RegExp(`^${pattern}$`).test(relative);
  });
}

/** Rewrites local `#/components/...` refs to point into the registered document. */
function anchorRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(anchorRefs);
  if (schema && typeof schema === 'object') {
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `openapi.json${value}` : anchorRefs(value),
      ]),
    );
  }
  return schema;
}

function resolveResponse(document: OpenApiDocument, response: ResponseObject): ResponseObject {
  if (!response.$ref) return response;
  const name = response.$ref.replace('#/components/responses/', '');
  const target = document.components.responses?.[name];
  if (!target) throw new Error(`unresolved response $ref ${response.$ref}`);
  return resolveResponse(document, target);
}

/**
 * The documented response for (template, method, status), or a reason it is
 * not documented. Only application/json bodies are described by this API.
 */
export async function documentedResponse(template: string, method: string, status: number): Promise<DocumentedResponse | { undocumented: string }> {
  const { document, ajv } = await load();
  const operation = document.paths[template]?.[method.toLowerCase()];
  if (!operation) return { undocumented: `${method} ${template} is not an operation of the document` };
  const response = operation.responses?.[String(status)];
  if (!response) {
    const documented = Object.keys(operation.responses ?? {}).join(', ');
    return { undocumented: `${operation.operationId} does not document status ${status} (documented: ${documented})` };
  }
  const schema = resolveResponse(document, response).content?.['application/json']?.schema;
  if (!schema) return { undocumented: `${operation.operationId} ${status} has no application/json schema` };
  const key = `${template} ${method} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(anchorRefs(schema) as Schema);
    compiled.set(key, validate);
  }
  return { operationId: operation.operationId ?? key, validate };
}

/** The validator of a named component schema, e.g. `Error`. */
export async function componentSchema(name: string): Promise<ValidateFunction> {
  const { document, ajv } = await load();
  if (!document.components.schemas?.[name]) throw new Error(`the document has no schema ${name}`);
  const key = `#/components/schemas/${name}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi.json${key}` });
    compiled.set(key, validate);
  }
  return validate;
}

/** The validator of an operation's query parameter, as the document describes it (before any string-to-number coercion). */
export async function queryParameterSchema(template: string, method: string, name: string): Promise<ValidateFunction> {
  const { document, ajv } = await load();
  const parameter = document.paths[template]?.[method.toLowerCase()]?.parameters?.find((candidate) => candidate.in === 'query' && candidate.name === name);
  if (!parameter?.schema) throw new Error(`${method} ${template} documents no query parameter ${name}`);
  const key = `${template} ${method} ?${name}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(anchorRefs(parameter.schema) as Schema);
    compiled.set(key, validate);
  }
  return validate;
}
