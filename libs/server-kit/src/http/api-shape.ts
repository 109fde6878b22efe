import { SetMetadata } from '@nestjs/common';
import type { z } from 'zod';

/**
 * What a custom (non-CRUD) route answers, next to the route, for the service's OpenAPI document:
 *
 *   @Post('users/:user/quizzes/:quiz/finish')
 *   @ApiShape({ response: finishReply, summary: 'Finish an attempt' })
 *   async finish(...): Promise<FinishReply> { ... }
 *
 * `response` is a schema of proto (`proto/src/http.<domain>.ts`), the one the UIs import the inferred type of. The
 * decorator only accepts a method whose return value fits it, so a change of the contract that the service does
 * not follow fails the typecheck. Request bodies and queries need no mention: `@ValidBody(schema)` and
 * `@ValidQuery(schema)` are read from the route's pipes; `body`/`query` are for routes that parse their input
 * themselves (multipart, a key-dependent schema).
 */
export const API_SHAPE_KEY = 'kit:api-shape';

export interface ApiShapeOptions<R extends z.ZodType = z.ZodType> {
  summary?: string;
  response?: R;
  /** The body of a route that reads `@Body()` itself (documentation only: the route still validates). */
  body?: z.ZodType;
  query?: z.ZodType;
  /** The request body's media type when it is not JSON (e.g. multipart/form-data). */
  bodyType?: string;
  /** The answer's media type when it is not JSON (a file, a CSV). */
  responseType?: string;
}

type Returning<T> = (...args: never[]) => T | Promise<T>;

/**
 * With a `response`, the decorated method must return (a promise of) the schema's input type. Without one (a file,
 * a stream), any method is accepted.
 */
export function ApiShape<R extends z.ZodType>(
  shape: ApiShapeOptions<R> & { response: R },
): <M extends Returning<z.input<R>>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>) => void;
export function ApiShape(shape: Omit<ApiShapeOptions, 'response'>): MethodDecorator;
export function ApiShape(shape: ApiShapeOptions): MethodDecorator {
  return SetMetadata(API_SHAPE_KEY, shape);
}
