import { z } from 'zod'

type JsonObject = Record<string, unknown>
import {
  ApiErrorBodySchema,
  paramNames,
  successSchema,
  successStatus,
  type EndpointSpec,
  type Responses,
} from '../../src/contract'

/** Whether the server's parse of `schema` takes `value` (a schema that cannot run synchronously: no). */
function accepts(schema: z.core.$ZodType, value: unknown): boolean {
  try {
    return z.safeParse(schema, value).success
  } catch {
    return false
  }
}

/** Whether the JSON Schema already lets "" through (a plain string, no pattern, format, enum or minimum length). */
const takesBlank = (json: JsonObject): boolean =>
  (json.type === 'string' && !json.pattern && !json.format && !json.enum && !('const' in json) && !json.minLength) ||
  (Array.isArray(json.anyOf) && (json.anyOf as JsonObject[]).some(takesBlank))

/**
 * What a request may hold is what the server's parse accepts, not the schema's static type: zod's JSON Schema
 * reads a `z.preprocess` field (blank or missing → null) as its target type, so a listing's optional numbers
 * came out required and refused "". Judged by the schema itself: a property the parse takes when missing is
 * not required, and a preprocessed field that takes "" says so.
 */
function asAccepted({ zodSchema, jsonSchema }: { zodSchema: z.core.$ZodType; jsonSchema: JsonObject }) {
  const def = zodSchema._zod.def
  if (def.type === 'object' && Array.isArray(jsonSchema.required)) {
    const shape = (def as z.core.$ZodObjectDef).shape
    const required = (jsonSchema.required as string[]).filter((key) => !shape[key] || !accepts(shape[key], undefined))
    if (required.length) jsonSchema.required = required
    else delete jsonSchema.required
  }
  const preprocessed = def.type === 'pipe' && (def as z.core.$ZodPipeDef).in._zod.def.type === 'transform'
  if (preprocessed && !takesBlank(jsonSchema) && accepts(zodSchema, '')) {
    const { default: fallback, ...rest } = jsonSchema
    for (const key of Object.keys(jsonSchema)) delete jsonSchema[key]
    Object.assign(jsonSchema, {
      ...(fallback !== undefined && { default: fallback }),
      anyOf: [...(Array.isArray(rest.anyOf) ? rest.anyOf : [rest]), { type: 'string', maxLength: 0 }],
    })
  }
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    ...(io === 'input' && {
      override: (ctx: { zodSchema: z.core.$ZodType; jsonSchema: JsonObject }) => asAccepted(ctx),
    }),
  })
  return json
}

const ERROR_TEXT: Record<number, string> = {
  400: 'The request was refused: `message` says why, `fields` names each field at fault.',
  401: 'No valid token.',
  403: 'Signed in, but this account may not do this (or is deactivated: code `account_deactivated`).',
  404: 'Not found, or not visible to this caller.',
  409: 'Conflicts with the current state.',
  410: 'No longer available.',
  413: 'Too large.',
  415: 'Unsupported media type.',
  429: 'Too many requests; try again later.',
}

function queryParameters(query: z.ZodType | undefined) {
  if (!query) return []
  const json = jsonSchema(query, 'input') as { properties?: Record<string, JsonObject>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema,
  }))
}

function operation(name: string, endpoint: EndpointSpec) {
  const status = successStatus(endpoint)
  const answer = endpoint.download
    ? { [endpoint.download]: { schema: { type: 'string' } } }
    : { 'application/json': { schema: jsonSchema(successSchema(endpoint), 'output') } }
  const errors = new Set<number>()
  if (endpoint.query || endpoint.body || endpoint.multipart || paramNames(endpoint.path).length) errors.add(400)
  if (endpoint.auth === 'user') [401, 403].forEach((code) => errors.add(code))
  if (paramNames(endpoint.path).length) errors.add(404)
  for (const code of Object.keys(endpoint.responses).map(Number)) if (code >= 400) errors.add(code)

  const declared = endpoint.responses as Responses
  const responses: JsonObject = { [status]: { description: 'Success.', content: answer } }
  for (const code of [...errors].sort()) {
    const schema = declared[code as keyof Responses]
    responses[code] = {
      description: ERROR_TEXT[code] ?? 'Error.',
      content: {
        'application/json': {
          schema: schema ? jsonSchema(schema, 'output') : { $ref: '#/components/schemas/ApiError' },
        },
      },
    }
  }

  const body = endpoint.multipart
    ? {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
          },
        },
      }
    : endpoint.body
      ? {
          [endpoint.formEncoded ? 'application/x-www-form-urlencoded' : 'application/json']: {
            schema: jsonSchema(endpoint.body, 'input'),
          },
        }
      : undefined

  return {
    operationId: name,
    ...(endpoint.summary ? { summary: endpoint.summary } : {}),
    tags: [endpoint.path.split('/')[2] ?? 'api'],
    security: endpoint.auth === 'user' ? [{ bearer: [] }] : [],
    ...(endpoint.roles ? { 'x-roles': endpoint.roles } : {}),
    parameters: [
      ...paramNames(endpoint.path).map((param) => ({
        name: param,
        in: 'path',
        required: true,
        schema: { type: 'string' },
      })),
      ...queryParameters(endpoint.query),
    ],
    ...(body ? { requestBody: { required: true, content: body } } : {}),
    responses,
  }
}

/** The OpenAPI 3.1 document of every endpoint in the table, generated from the contract's schemas. */
export function openApiDocument(table: Record<string, EndpointSpec>, version: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const [name, endpoint] of Object.entries(table)) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}')
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(name, endpoint) }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Keyway marketplace API',
      version,
      description:
        'Generated from the zod contract the SPA and the server share. Private endpoints take an identity-provider ' +
        'access token as `Authorization: Bearer <token>`; `x-roles` names the roles that may call one.',
    },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: { ApiError: jsonSchema(ApiErrorBodySchema, 'output') },
    },
    paths,
  }
}
