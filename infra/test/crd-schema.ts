import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Validates a custom resource against its CRD's structural schema (openAPIV3Schema) the way the API server's strict
 * field validation would: types, required fields, enums, patterns, bounds, and unknown fields (a typo in a field
 * name is an error, not a silently pruned value). CEL rules (x-kubernetes-validations) are not evaluated.
 *
 * The schemas in ./schemas are CloudNativePG v1.30.0's (config/crd/bases/postgresql.cnpg.io_{clusters,poolers}.yaml,
 * version v1) with the descriptions removed.
 */
export interface StructuralSchema {
  type?: 'object' | 'array' | 'string' | 'integer' | 'number' | 'boolean';
  properties?: Record<string, StructuralSchema>;
  additionalProperties?: StructuralSchema | boolean;
  items?: StructuralSchema;
  required?: string[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  anyOf?: StructuralSchema[];
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
}

export function loadSchema(file: string): StructuralSchema {
  return JSON.parse(readFileSync(join(__dirname, 'schemas', file), 'utf8')) as StructuralSchema;
}

/** Every problem found, as `path: message`; empty when the value fits the schema. */
export function structuralProblems(schema: StructuralSchema, value: unknown, path = ''): string[] {
  const at = path || '/';
  if (schema['x-kubernetes-int-or-string']) {
    return Number.isInteger(value) || typeof value === 'string' ? [] : [`${at}: must be an integer or a string`];
  }
  const problems: string[] = [];
  if (schema.enum && !schema.enum.includes(value)) problems.push(`${at}: must be one of ${JSON.stringify(schema.enum)}`);
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: must be an object`];
      const record = value as Record<string, unknown>;
      for (const key of schema.required ?? []) if (!(key in record)) problems.push(`${at}: missing required field ${key}`);
      // An object schema naming no field (the CRD's `metadata`) is the API server's to check.
      if (!schema.properties && schema.additionalProperties === undefined) return problems;
      for (const [key, v] of Object.entries(record)) {
        const own = schema.properties?.[key];
        if (own) problems.push(...structuralProblems(own, v, `${path}/${key}`));
        else if (typeof schema.additionalProperties === 'object') problems.push(...structuralProblems(schema.additionalProperties, v, `${path}/${key}`));
        else if (!schema['x-kubernetes-preserve-unknown-fields'] && schema.additionalProperties !== true) problems.push(`${at}: unknown field ${key}`);
      }
      return problems;
    }
    case 'array':
      if (!Array.isArray(value)) return [`${at}: must be an array`];
      return [...problems, ...value.flatMap((v, i) => (schema.items ? structuralProblems(schema.items, v, `${path}/${i}`) : []))];
    case 'string':
      if (typeof value !== 'string') return [`${at}: must be a string`];
      if (schema.pattern && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: must match ${schema.pattern}`);
      if (schema.minLength !== undefined && value.length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
      return problems;
    case 'integer':
    case 'number':
      if (typeof value !== 'number' || (schema.type === 'integer' && !Number.isInteger(value))) return [`${at}: must be an ${schema.type}`];
      if (schema.minimum !== undefined && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
      return problems;
    case 'boolean':
      return typeof value === 'boolean' ? problems : [`${at}: must be a boolean`];
    case undefined:
      return problems;
  }
}
