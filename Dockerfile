# syntax=docker/dockerfile:1
# The storefront server: `docker build -t storefront .` then
#   docker run -p 3000:3000 -e COOKIE_SECRET=<at least 32 characters, the same on every instance> storefront
# Other settings are environment variables (README.md, "Environment"), e.g. TRUST_PROXY behind nginx.

# --- build: all dependencies, then `npm run build` (client bundle, manifest, server bundle in dist/) ----
FROM node:20-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
# What build.mjs reads: its own folders of sources (SOURCE_DIRS) and the TypeScript settings.
COPY build.mjs tsconfig.json ./
COPY build ./build
COPY client ./client
COPY shared ./shared
COPY server ./server
COPY apps ./apps
RUN npm run build

# --- runtime: production dependencies (the packages the server bundle leaves external) and dist/ --------
FROM node:20-slim AS runtime
ENV NODE_ENV=production
# glibc keeps one malloc arena per thread; zlib work on the thread pool then bloats RSS by ~100 MiB (npm run soak).
ENV MALLOC_ARENA_MAX=2
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# Files stay owned by root (read-only for the server); the process runs as the image's unprivileged user.
# The embedded database (used when DATABASE_URL is unset) is the one folder it writes: mount a volume there
# to keep carts and orders across containers, or set DATABASE_URL to a Postgres server.
ENV DATA_DIR=/app/data
RUN mkdir -p /app/data && chown node:node /app/data
VOLUME /app/data
USER node
EXPOSE 3000
# Liveness through /healthz, with Node (slim images have no curl). Checks PORT (default 3000) on the
# loopback address, so keep HOST at its default 0.0.0.0.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT || 3000}/healthz`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# SIGTERM (docker stop) drains: /readyz turns 503, in-flight requests and streams finish within
# SHUTDOWN_TIMEOUT_MS (default 10 s), then the process exits 0. docker stop waits 10 s before SIGKILL:
# give it more (`docker stop -t 15`, `stop_grace_period: 15s`) or lower SHUTDOWN_TIMEOUT_MS.
# One process per container (WEB_CONCURRENCY=1, the default) is the usual choice; scale with containers
# that share a Postgres server (DATABASE_URL): the embedded database belongs to one process.
CMD ["node", "--enable-source-maps", "--import", "./dist/server/instrument.mjs", "dist/server/index.mjs"]
