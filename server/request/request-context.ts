import type { IncomingMessage } from 'node:http';
import type { Request, Response } from 'express';
import { urlOf } from '../../shared/routing/href.ts';
import type { Locale, Locales } from '../../shared/routing/locale.ts';
import type { RouteParams } from '../../shared/routing/route-table.ts';
import type {
  CreateRequestContext,
  RequestContext,
  RequestSignalSource,
} from '../definition/request-context.ts';
import type { ServicesHandle } from '../definition/services.ts';
import { type OriginOf, requestUrl } from './origin-of.ts';
import { noteHeaderRead, notePrivateRead } from './private-reads.ts';
import type { CookieSetterOf } from './set-cookie.ts';

export interface RequestContextParts {
  /** BASE_PATH: the path of the app's URLs. */
  basePath: string;
  /** The app's locales (createLocales), for the prefixes of its URLs. */
  locales: Locales;
  /** Our origin for a request (PUBLIC_ORIGIN or the request's). */
  originOf: OriginOf;
  /** The app's cookie setter (createCookieSetterOf): path BASE_PATH, Secure when our origin is HTTPS. */
  cookieSetterOf: CookieSetterOf;
  services: ServicesHandle;
  /** A request's `after()` (after-response.ts). */
  afterOf: (request: Request, response: Response) => RequestContext['after'];
}

/** Where the runtime keeps a context's request for itself: reading `context.request` would make it private. */
const RAW_REQUEST = Symbol('request');
/** Where it keeps the response, for the runtime's parts that answer through it (the session's cookie). */
const RESPONSE = Symbol('response');
/** Where a context keeps its copier (contextWith). */
const COPY = Symbol('copy');

/** What a context's getters read: one per request, shared by the context's copies. */
interface ContextState {
  request: Request;
  response: Response;
  originOf: OriginOf;
  pageTarget: string | undefined;
  abort: RequestSignalSource;
  /** Parsed when a handler first reads it. */
  url?: URL;
}

type InternalContext = RequestContext &
  Record<string, unknown> & {
    [RAW_REQUEST]: IncomingMessage;
    [RESPONSE]: Response;
    [COPY]: (parts: object) => InternalContext;
  };

/** The request a context was made for, read without noting a private read (for the runtime's bookkeeping). */
export function requestOf(context: RequestContext): IncomingMessage {
  return (context as InternalContext)[RAW_REQUEST];
}

/** The response a context answers through, for the runtime's own use (the session notes its reads on it). */
export function responseOf(context: RequestContext): Response {
  return (context as InternalContext)[RESPONSE];
}

/**
 * The request's headers, each read noted: a header differs per visitor, so a read makes the answer private,
 * unless its cache policy varies by that header (`varyBy`). `Cookie` and `Authorization` are private always.
 * A read of them all (keys, a spread, JSON) is private: the answer could depend on any of them.
 */
function watchedHeaders(request: Request, response: Response): RequestContext['headers'] {
  const noteRead = (name: string | symbol) => {
    if (typeof name !== 'string') return;
    const header = name.toLowerCase();
    if (header === 'cookie' || header === 'authorization') notePrivateRead(response, `headers.${header}`);
    else noteHeaderRead(response, header);
  };
  return new Proxy(request.headers, {
    get(headers, name, receiver) {
      noteRead(name);
      return Reflect.get(headers, name, receiver);
    },
    has(headers, name) {
      noteRead(name);
      return Reflect.has(headers, name);
    },
    getOwnPropertyDescriptor(headers, name) {
      noteRead(name);
      return Reflect.getOwnPropertyDescriptor(headers, name);
    },
    ownKeys(headers) {
      notePrivateRead(response, 'headers');
      return Reflect.ownKeys(headers);
    },
  });
}

/**
 * A request context. What differs per visitor is read through getters, which note the read: the answer is
 * then private. They are the class's, so every context shares them: an object literal's getters are new
 * functions per request, which gave each context a hidden class of its own in V8's old generation, and
 * through it the whole request outlived its answer until the next full collection. Being the class's, a
 * spread or a rest (`{ ...context }`) leaves them out: read them by name.
 */
class Context {
  readonly [RAW_REQUEST]: IncomingMessage;
  readonly [RESPONSE]: Response;
  readonly [COPY]: (parts: object) => InternalContext;
  readonly #state: ContextState;
  params: RouteParams;
  locale: Locale;
  urlOf: RequestContext['urlOf'];
  setCookie: RequestContext['setCookie'];
  services: unknown;
  after: RequestContext['after'];

  constructor(state: ContextState, copy: (parts: object) => InternalContext, own: OwnParts) {
    this[RAW_REQUEST] = state.request;
    this[RESPONSE] = state.response;
    this[COPY] = copy;
    this.#state = state;
    this.params = own.params;
    this.locale = own.locale;
    this.urlOf = own.urlOf;
    this.setCookie = own.setCookie;
    this.services = own.services;
    this.after = own.after;
  }

  get request(): IncomingMessage {
    notePrivateRead(this.#state.response, 'request');
    return this.#state.request;
  }

  /** A getter: the signal is made only if a handler reads it (request-abort.ts). */
  get signal(): AbortSignal {
    return this.#state.abort.signal;
  }

  get url(): URL {
    const state = this.#state;
    state.url ??= requestUrl(state.request, state.originOf(state.request), state.pageTarget);
    return state.url;
  }

  get cookies(): RequestContext['cookies'] {
    notePrivateRead(this.#state.response, 'cookies');
    return this.#state.request.cookies ?? {};
  }

  get signedCookies(): RequestContext['signedCookies'] {
    notePrivateRead(this.#state.response, 'signedCookies');
    return this.#state.request.signedCookies ?? {};
  }

  get headers(): RequestContext['headers'] {
    return watchedHeaders(this.#state.request, this.#state.response);
  }
}

type OwnParts = Pick<Context, 'params' | 'locale' | 'urlOf' | 'setCookie' | 'services' | 'after'>;

/** The one factory of request contexts. */
export function requestContextFactory({
  basePath,
  locales,
  originOf,
  cookieSetterOf,
  services,
  afterOf,
}: RequestContextParts): CreateRequestContext {
  return function createRequestContext(request, response, { params, locale, abort, pageTarget }) {
    const state: ContextState = { request, response, originOf, pageTarget, abort };
    const own: OwnParts = {
      params,
      locale,
      urlOf: (target, otherLocale) => urlOf(target, { basePath, locales, locale }, otherLocale),
      setCookie: cookieSetterOf(request, response),
      services: services.current,
      after: afterOf(request, response),
    };
    const make = () => new Context(state, copy, own) as unknown as InternalContext;
    const context = make();
    function copy(parts: object): InternalContext {
      const copied = make();
      // What middleware added (plain values: run-middleware assigns them) comes along.
      for (const key of Object.keys(context)) if (!(key in copied)) copied[key] = context[key];
      return Object.assign(copied, parts);
    }
    return context;
  };
}

/**
 * The context with a handler's own parts added (a data step's `parent` and `search`), the runtime's getters
 * kept as getters: a spread would call them, and reading `cookies` makes the answer private
 * (server/request/private-reads.ts). A fresh object literal, not copied property descriptors, which
 * turn the copy into a slow dictionary object.
 */
export function contextWith<Parts extends object>(
  context: RequestContext,
  parts: Parts,
): RequestContext & Parts {
  return (context as InternalContext)[COPY](parts) as RequestContext & Parts;
}
