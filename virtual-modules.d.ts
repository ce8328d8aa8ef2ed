// The app a build serves, as the runtime's entries (client/entry.tsx, server/process/index.ts) import it. build.mjs
// resolves these names to the modules package.json's "ssr" field names (build/app-modules.mjs).

declare module 'virtual:ssr-app' {
  const app: import('./shared/ui/app-definition.ts').AppDefinition;
  export default app;
}

declare module 'virtual:ssr-server-app' {
  const serverApp: import('./server/definition/server-app-definition.ts').AnyServerApp;
  export default serverApp;
}

declare module 'virtual:ssr-route-patterns' {
  const patterns: readonly import('./shared/routing/route-matcher.ts').RoutePattern[];
  export default patterns;
}

// A file's text, bundled (build/raw-text.mjs; Vite reads `?raw` natively in tests): SQL migrations.
declare module '*?raw' {
  const text: string;
  export default text;
}
