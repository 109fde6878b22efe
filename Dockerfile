# syntax=docker/dockerfile:1
# The platform image: every service, the gateway with both UIs, and the migrations CLI. One image, one process per
# container, chosen by the first argument or SERVICE (infra/deploy/docker-entrypoint.sh):
#   docker build -t olymp/platform .
#   docker run olymp/platform learning            # or: -e SERVICE=learning
#   docker run olymp/platform migrate [service...]
# Kubernetes and compose files that use it: infra/deploy, docs/deploy.md.

FROM node:20.19-bookworm-slim AS manifests
WORKDIR /app
# Only the package manifests, so the dependency layers are rebuilt only when dependencies change.
COPY package.json package-lock.json ./
COPY proto/package.json proto/
COPY libs/server-kit/package.json libs/server-kit/
COPY libs/web-common/package.json libs/web-common/
COPY services/gateway/package.json services/gateway/
COPY services/auth/package.json services/auth/
COPY services/learning/package.json services/learning/
COPY services/shop/package.json services/shop/
COPY services/finance/package.json services/finance/
COPY services/notifications/package.json services/notifications/
COPY admin-ui/package.json admin-ui/
COPY student-ui/package.json student-ui/
COPY infra/package.json infra/
COPY load-tests/package.json load-tests/

# What runs: the production dependencies of the server packages only (no UI libraries, no local-runtime PostgreSQL).
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund \
      -w proto -w libs/server-kit -w services/gateway -w services/auth -w services/learning \
      -w services/shop -w services/finance -w services/notifications

# Everything, to compile the server packages (tsc) and build both UIs (vite).
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm run build:ui

FROM node:20.19-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0
WORKDIR /app
RUN groupadd --gid 10001 olymp && useradd --uid 10001 --gid olymp --no-create-home --shell /usr/sbin/nologin olymp \
 && mkdir -p /tmp/uploads /data/uploads && chown olymp:olymp /tmp/uploads /data/uploads
# Manifests and node_modules (with the workspaces' own nested ones), then the compiled code beside them.
COPY --from=deps /app ./
COPY --from=build /app/proto/dist proto/dist
COPY --from=build /app/libs/server-kit/dist libs/server-kit/dist
COPY --from=build /app/services/gateway/dist services/gateway/dist
COPY --from=build /app/services/auth/dist services/auth/dist
COPY --from=build /app/services/learning/dist services/learning/dist
COPY --from=build /app/services/learning/assets services/learning/assets
COPY --from=build /app/services/shop/dist services/shop/dist
COPY --from=build /app/services/finance/dist services/finance/dist
COPY --from=build /app/services/notifications/dist services/notifications/dist
COPY --from=build /app/admin-ui/dist admin-ui/dist
COPY --from=build /app/student-ui/dist student-ui/dist
COPY --chmod=0755 infra/deploy/docker-entrypoint.sh /usr/local/bin/olymp
USER 10001:10001
EXPOSE 8080 8081 8082 8083 8084 8085
ENTRYPOINT ["/usr/local/bin/olymp"]
