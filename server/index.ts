/**
 * The runtime's public API for an app's server side (its data steps, actions, resource routes, services and
 * config): the one module of server/ an app imports. Its tests use the test kit (server/test-kit.ts) too.
 * Everything else in server/ is the runtime's own and may change.
 */
export {
  type ActionContext,
  type ActionHandler,
  type ActionsOf,
  type FormFields,
  Invalid,
  type InvalidAnswer,
  invalid,
  type RouteActions,
} from './actions/action.ts';
export { type FormTextLines, type FormTextProblem, formTextProblem } from './actions/form-text-problem.ts';
export type { CachePolicies, CachePolicy } from './caching/cache-policy.ts';
export { publicCacheControl } from './caching/cache-policy.ts';
export { type CreateAppOptions, createApp } from './create-app.ts';
export type {
  DataOfSteps,
  DataStep,
  DataStepContext,
  DataStepOf,
  DataSteps,
  DataStepsOf,
} from './data/data-step.ts';
export type {
  Middleware,
  MiddlewareContext,
  MiddlewareOf,
  Middlewares,
  ProvidedAbove,
  ProvidedTo,
} from './middleware/middleware.ts';
export type { Logger } from './monitoring/logger.ts';
export type {
  ResourceContext,
  ResourceHandler,
  ResourceHandlers,
  ResourcesOf,
} from './pipeline/resource-route.ts';
export { type Config, ConfigError, type Env, readVariable } from './process/config.ts';
export type { RequestContext } from './request-context.ts';
export type {
  ServerAppDefinition,
  ServicesDefinition,
  ServicesPrepareBuild,
  ServicesStart,
} from './server-app-definition.ts';
