import { type ArgumentMetadata, Body, Injectable, Param, type PipeTransform, Query } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error';
import { parseInput } from './zod-validation';

/** Validates with a zod schema; the only validation pipe the services use. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** Public so the OpenAPI document can describe the route's input from the same schema. */
  constructor(readonly schema: S) {}
  transform(value: unknown, _meta: ArgumentMetadata): z.output<S> {
    return parseInput(this.schema, value ?? {});
  }
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class UuidPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !UUID_RE.test(value)) {
      throw new DomainError('INVALID_ID', { value: String(value).slice(0, 64) });
    }
    return value.toLowerCase();
  }
}

/** `@ValidBody(schema)`: the request body parsed by a strict zod schema (unknown fields are refused). */
export const ValidBody = (schema: z.ZodType) => Body(new ZodPipe(schema));
export const ValidQuery = (schema: z.ZodType) => Query(new ZodPipe(schema));
/** `@UuidParam('id')`: a path parameter that must be a UUID (400 INVALID_ID otherwise, before any lookup). */
export const UuidParam = (name: string) => Param(name, new UuidPipe());
