import AjvCompiler, { type BuildCompilerFromPool } from '@fastify/ajv-compiler';
import { type SerializerFactory, SerializerSelector } from '@fastify/fast-json-stringify-compiler';

/**
 * Fastify compiles a validator and a serializer for every route and status at start-up; with
 * ~150 routes that was two thirds of building the app (every instance start, every test file),
 * mostly for routes a process may never serve. These factories compile each one on its first
 * use instead; a route then pays its compile once, on its first request.
 */
export const lazyCompilers: { buildValidator: BuildCompilerFromPool; buildSerializer: SerializerFactory } = {
  buildValidator: (externalSchemas, options) => {
    const compile = AjvCompiler()(externalSchemas, options);
    return (route) => {
      let validate: ReturnType<typeof compile> | undefined;
      const lazy = (data: unknown) => {
        validate ??= compile(route);
        return validate(data);
      };
      // Fastify reads a failed validation's errors from the function it was given.
      Object.defineProperty(lazy, 'errors', { get: () => validate?.errors });
      return lazy as ReturnType<typeof compile>;
    };
  },
  // Problem bodies (small, open-ended, one shape for every route) go through JSON.stringify.
  buildSerializer: (externalSchemas, options) => {
    const compile = SerializerSelector()(externalSchemas, options);
    return (route) => {
      if (Number(route.httpStatus) >= 400) return (data: unknown) => JSON.stringify(data);
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        serialize ??= compile(route);
        return serialize(data);
      };
    };
  },
};
