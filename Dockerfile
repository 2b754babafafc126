# Latchkey's container image (issue 42; docs/container.md). Both stages start from NODE_IMAGE, so the
# image builds on any Node 22 base: the test (npm run test:container) uses a stand-in made from
# Debian's minbase, as no image registry is reachable there.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: compile the native module, the server, the CLI and the console ----
FROM ${NODE_IMAGE} AS build
# better-sqlite3 is compiled here (node-gyp): its prebuilt binaries come from GitHub, which a build
# may not reach. The headers are the base image's own (/usr/local/include/node), not a download.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
    npm_config_nodedir=/usr/local \
    npm_config_build_from_source=true \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
WORKDIR /src
# Dependencies first: this layer is reused until package.json or the lock file change. Install
# scripts stay off (the package's own `prepare` would build before the sources are here; Electron's
# and embedded-postgres' are for development), then the one production module that needs its
# script is built.
COPY package.json package-lock.json ./
RUN npm ci --ignore-scripts && npm rebuild better-sqlite3
COPY . .
# The build, then only production dependencies kept (no Electron, Vite, browsers or test tools).
RUN npm run build && npm prune --omit=dev --ignore-scripts

# ---- runtime: dist/, production dependencies, the console and the manual ----
FROM ${NODE_IMAGE}
WORKDIR /app
COPY --from=build /src/package.json ./
COPY --from=build /src/node_modules ./node_modules
COPY --from=build /src/dist ./dist
COPY --from=build /src/bin ./bin
COPY --from=build /src/i18n ./i18n
COPY --from=build /src/README.md ./
COPY --from=build /src/docs ./docs
# `auth` on PATH for `docker exec … auth server create-admin`; /data owned by the unprivileged user.
RUN ln -s /app/bin/auth.js /usr/local/bin/auth \
 && mkdir -p /data \
 && chown node:node /data
# Listen on every interface inside the container; publish the port to choose who reaches it. A
# drain of at most 8 s ends before Docker's and Podman's default stop timeout (10 s) sends SIGKILL.
ENV AUTH_HOST=0.0.0.0 \
    AUTH_PORT=3000 \
    AUTH_SHUTDOWN_TIMEOUT=8
VOLUME /data
# The database is the default ./data/latchkey.db seen from /, i.e. /data/latchkey.db, and its
# generated secret /data/latchkey.db.secret (on PostgreSQL without a secret: /data/latchkey.secret).
# Not AUTH_DB in ENV: AUTH_DB_FILE (compose.yaml) and AUTH_DB both set would refuse to start.
WORKDIR /
USER node
EXPOSE 3000
# No curl in slim bases: Node's own fetch asks readiness (database answers, not draining).
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.AUTH_PORT||3000)+'/api/auth/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Node is PID 1 on purpose (no tini, no shell): `auth server start` handles SIGTERM and SIGINT
# itself (drain, flush, close, exit 0), and it starts no child processes that would need reaping.
STOPSIGNAL SIGTERM
CMD ["node", "/app/bin/auth.js", "server", "start"]
