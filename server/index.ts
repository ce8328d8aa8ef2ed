/**
 * The runtime's public API for an app's server side (its data steps, actions, resource routes, services and
 * config): the one module of server/ an app imports. Its tests use the test kit (server/test-kit.ts) too.
 * Everything else in server/ is the runtime's own and may change.
 */

export { createApp } from './app/create-app.ts';
export type { CreateAppOptions } from './app/create-app-options.ts';
export {
  type ActionContext,
  type ActionHandler,
  type ActionsOf,
  type FormFields,
  Invalid,
  type InvalidAnswer,
  invalid,
  type RouteActions,
} from './definition/action.ts';
export type { CachePolicies, CachePolicy } from './definition/cache-policy.ts';
export { publicCacheControl } from './definition/cache-policy.ts';
export type { Config, Env } from './definition/config.ts';
export type {
  DataOfSteps,
  DataStep,
  DataStepContext,
  DataStepOf,
  DataSteps,
  DataStepsOf,
} from './definition/data-step.ts';
export type { Logger } from './definition/logger.ts';
export type {
  Middleware,
  MiddlewareContext,
  MiddlewareOf,
  Middlewares,
  ProvidedAbove,
  ProvidedTo,
} from './definition/middleware.ts';
export type { RequestContext } from './definition/request-context.ts';
export type {
  ResourceContext,
  ResourceHandler,
  ResourceHandlers,
  ResourcesOf,
} from './definition/resource.ts';
export {
  type DataOfSegments,
  type SegmentParts,
  type SegmentServer,
  segmentServersOf,
} from './definition/segment-server.ts';
export type {
  ServerAppDefinition,
  ServicesDefinition,
  ServicesPrepareBuild,
  ServicesStart,
} from './definition/server-app-definition.ts';
export { ConfigError, readVariable } from './process/config.ts';
export { type FormTextLines, type FormTextProblem, formTextProblem } from './resolve/form-text-problem.ts';
