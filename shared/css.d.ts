// esbuild bundles imported CSS into the hashed stylesheet; on the server the import is empty.
declare module '*.css' {}
