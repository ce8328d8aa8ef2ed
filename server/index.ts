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
export { publicCacheControl, versionOfBuild } from './definition/cache-policy.ts';
export type { Config, Env } from './definition/config.ts';
export type {
  DataOfSteps,
  DataStep,
  DataStepContext,
  DataStepOf,
  DataSteps,
  DataStepsOf,
} from './definition/data-step.ts';
export type {
  ObservedKind,
  ObservedStep,
  RequestErrorFacts,
  ServerInstrumentation,
  StepEnd,
  StepObserver,
} from './definition/instrumentation.ts';
export type { Logger } from './definition/logger.ts';
export type {
  AnswerHead,
  AnswerHeaders,
  Middleware,
  MiddlewareContext,
  MiddlewareOf,
  Middlewares,
  Next,
  ProvidedAbove,
  ProvidedTo,
} from './definition/middleware.ts';
export type {
  ListPages,
  ListPagesContext,
  PrerenderedRoutes,
  WarmUpSamples,
} from './definition/page-lists.ts';
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
export type { Session, SessionLookup, Sessions, SessionsOptions } from './definition/session.ts';
export type {
  ExpiredSessions,
  SessionShape,
  SessionStore,
  SessionValue,
  StoredSession,
} from './definition/session-store.ts';
export { ConfigError, readVariable } from './process/config.ts';
export {
  cookieSessionStore,
  MAX_COOKIE_SESSION_BYTES,
  SessionTooLargeError,
} from './request/cookie-session-store.ts';
export {
  createSessions,
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_TOUCH_INTERVAL_SECONDS,
} from './request/create-sessions.ts';
export { SessionChangedTooLateError } from './request/request-session.ts';
export { type FormTextLines, type FormTextProblem, formTextProblem } from './resolve/form-text-problem.ts';
