import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { TSchema } from '@sinclair/typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyPluginAsync,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Auth, Caller, Role } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    auth: Auth;
  }
  interface FastifyRequest {
    /** The authenticated caller; set on every interface operation before validation. */
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Roles allowed to call the route; defaults by path (see http/authenticate.ts). */
    roles?: readonly Role[];
    /**
     * False when the route's success bodies never hold a Text (see errors.ts localize): the
     * walk that answers them in the request's language is skipped. Default: walked.
     */
    bodyTexts?: boolean;
  }
}

/** The Fastify instance as modules see it: TypeBox types flow from route schemas to handlers. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A domain area: its shared schemas (added at the root so OpenAPI names them) and its routes. */
export interface Module {
  name: string;
  schemas?: TSchema[];
  routes: (app: App) => Promise<void>;
}

export type { FastifyPluginAsync };
