# The API and the engine worker: one image, two targets (the same code and dependencies, another command).
#   docker build -f deploy/docker/api.Dockerfile --target api    -t portal-api .
#   docker build -f deploy/docker/api.Dockerfile --target worker -t portal-worker .
# Built from the repository root. Not built in CI (no base images can be pulled there): see deploy/README.md.
FROM node:24-bookworm-slim AS deps
WORKDIR /app
# every workspace's package.json, so that npm ci accepts the lock file; only the API's packages are installed
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY shared-api/package.json shared-api/
COPY shared-ui/package.json shared-ui/
COPY shell/package.json shell/
COPY e2e/package.json e2e/
COPY mfe-public/package.json mfe-public/
COPY mfe-shipments/package.json mfe-shipments/
COPY mfe-tracking/package.json mfe-tracking/
COPY mfe-map/package.json mfe-map/
COPY mfe-bi/package.json mfe-bi/
COPY mfe-config/package.json mfe-config/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @portal/api --workspace @portal/shared-api

FROM node:24-bookworm-slim AS base
ENV NODE_ENV=production
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY shared-api shared-api
COPY api api
WORKDIR /app/api
USER node

FROM base AS api
ENV PORT=8000 ENGINE_WORKERS=0
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/api/health/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "--import", "tsx", "src/server.ts"]

FROM base AS worker
CMD ["node", "--import", "tsx", "src/worker.ts"]
