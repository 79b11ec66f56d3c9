import { Ajv, type ErrorObject } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import type { ValidationIssue } from '../shared/errors.js';

type HttpPart = 'body' | 'params' | 'querystring' | 'headers';

const LOC_ROOT: Record<string, string> = { body: 'body', params: 'path', querystring: 'query', headers: 'header' };

// ajv-formats is CommonJS with a `default` export: NodeNext sees the module object.
const addFormats = addFormatsPlugin as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  // pydantic reports every error (allErrors) and shows the input (verbose keeps `data`). It
  // parses path and query strings into ints but never turns a JSON number into a string, so
  // only the non-body parts coerce.
  const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: coerce, useDefaults: true, removeAdditional: false, strict: false });
  addFormats(ajv);
  return ajv;
}

/** A validator compiler whose body validation does not coerce while path, query and headers do. */
export function createValidatorCompiler(): FastifySchemaCompiler<FastifySchema> {
  const coercing = makeAjv(true);
  const strictTypes = makeAjv(false);
  return ({ schema, httpPart }) => {
    if (httpPart === 'body') return strictTypes.compile(schema as object);
    const validate = coercing.compile(schema as object);
    const integers = integerProperties(schema);
    if (integers.length === 0) return validate;
    // ajv coerces "1e3", " 5" and "0x10" to integers; pydantic refuses them. Check the text first.
    const checked = (data: unknown) => {
      const errors = integerTextErrors(data, integers);
      checked.errors = errors.length > 0 ? errors : null;
      if (errors.length > 0) return false;
      const ok = validate(data);
      checked.errors = validate.errors ?? null;
      return ok;
    };
    checked.errors = null as ErrorObject[] | null;
    return checked;
  };
}

const INTEGER_TEXT = /^[+-]?\d+$/;

function integerProperties(schema: unknown): string[] {
  const properties = (schema as { properties?: Record<string, { type?: string | string[]; anyOf?: Array<{ type?: string }> }> }).properties ?? {};
  const isInteger = (type: string | string[] | undefined) => type === 'integer' || (Array.isArray(type) && type.includes('integer'));
  return Object.entries(properties)
    .filter(([, p]) => isInteger(p.type) || (p.anyOf ?? []).some((branch) => branch.type === 'integer'))
    .map(([name]) => name);
}

function integerTextErrors(data: unknown, names: string[]): ErrorObject[] {
  if (data === null || typeof data !== 'object') return [];
  const record = data as Record<string, unknown>;
  return names
    .filter((name) => typeof record[name] === 'string' && record[name] !== '' && !INTEGER_TEXT.test(record[name] as string))
    .map((name) => ({ keyword: 'type', instancePath: `/${name}`, schemaPath: '', params: { type: 'integer' }, data: record[name] }));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function issueFor(error: ErrorObject, part: HttpPart): ValidationIssue | null {
  const root = LOC_ROOT[part] ?? part;
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((seg) => (/^\d+$/.test(seg) ? Number(seg) : seg.replace(/~1/g, '/').replace(/~0/g, '~')));
  const loc: Array<string | number> = [root, ...path];
  const input: unknown = error.data;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { type: 'missing', loc: [...loc, String(params.missingProperty)], msg: 'Field required', input };
    case 'type': {
      // A nullable scalar is `type: [T, 'null']`; the error is about T.
      const expected = String(params.type).split(',').find((t) => t !== 'null') ?? 'null';
      const fromString = typeof input === 'string' && part !== 'body';
      if (expected === 'integer' || expected === 'number') {
        if (fromString) {
          return { type: 'int_parsing', loc, msg: 'Input should be a valid integer, unable to parse string as an integer', input };
        }
        if (typeof input === 'number') {
          return { type: 'int_from_float', loc, msg: 'Input should be a valid integer, got a number with a fractional part', input };
        }
        return { type: 'int_type', loc, msg: 'Input should be a valid integer', input };
      }
      if (expected === 'string') return { type: 'string_type', loc, msg: 'Input should be a valid string', input };
      if (expected === 'boolean') {
        return fromString
          ? { type: 'bool_parsing', loc, msg: 'Input should be a valid boolean, unable to interpret input', input }
          : { type: 'bool_type', loc, msg: 'Input should be a valid boolean', input };
      }
      if (expected === 'array') return { type: 'list_type', loc, msg: 'Input should be a valid list', input };
      if (expected === 'object') {
        return { type: 'model_attributes_type', loc, msg: 'Input should be a valid dictionary or object to extract fields from', input };
      }
      if (expected === 'null') return null;
      return { type: `${expected}_type`, loc, msg: `Input should be a valid ${expected}`, input };
    }
    case 'minLength': {
      const min = Number(params.limit);
      return { type: 'string_too_short', loc, msg: `String should have at least ${plural(min, 'character')}`, input, ctx: { min_length: min } };
    }
    case 'maxLength': {
      const max = Number(params.limit);
      return { type: 'string_too_long', loc, msg: `String should have at most ${plural(max, 'character')}`, input, ctx: { max_length: max } };
    }
    case 'minItems': {
      const min = Number(params.limit);
      return { type: 'too_short', loc, msg: `List should have at least ${plural(min, 'item')} after validation, not ${Array.isArray(input) ? input.length : 0}`, input, ctx: { min_length: min } };
    }
    case 'maxItems': {
      const max = Number(params.limit);
      return { type: 'too_long', loc, msg: `List should have at most ${plural(max, 'item')} after validation, not ${Array.isArray(input) ? input.length : 0}`, input, ctx: { max_length: max } };
    }
    case 'minimum':
      return { type: 'greater_than_equal', loc, msg: `Input should be greater than or equal to ${String(params.limit)}`, input, ctx: { ge: params.limit } };
    case 'maximum':
      return { type: 'less_than_equal', loc, msg: `Input should be less than or equal to ${String(params.limit)}`, input, ctx: { le: params.limit } };
    case 'const':
    case 'enum': {
      const allowed = (params.allowedValues as unknown[] | undefined) ?? [params.allowedValue];
      const names = allowed.map((v) => `'${String(v)}'`);
      const expected = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? '');
      return { type: 'literal_error', loc, msg: `Input should be ${expected}`, input, ctx: { expected } };
    }
    case 'additionalProperties':
      return { type: 'extra_forbidden', loc: [...loc, String(params.additionalProperty)], msg: 'Extra inputs are not permitted', input };
    case 'format':
      return { type: 'value_error', loc, msg: `Value error, not a valid ${String(params.format)}`, input };
    case 'anyOf':
    case 'oneOf':
      return null;
    default:
      return { type: 'value_error', loc, msg: error.message ?? 'Invalid value', input };
  }
}

/** Maps ajv's errors to pydantic's, one issue per location (a nullable's null branch adds nothing). */
export function toValidationIssues(errors: ErrorObject[], part: HttpPart): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = issueFor(error, part);
    if (!issue) continue;
    const key = JSON.stringify(issue.loc);
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
  }
  return issues;
}
