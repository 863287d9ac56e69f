# A front-end app behind the portal's static server (shared-ui/build/serve.mjs): the shell (the portal's origin,
# /api/ forwarded to the API) or one remote (when the remotes are not on object storage behind a CDN).
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=shell     -t portal-shell .
#   docker build -f deploy/docker/static.Dockerfile --build-arg APP=mfe-map   -t portal-mfe-map .
# Built from the repository root. Not built in CI (no base images can be pulled there): see deploy/README.md.
ARG APP=shell

FROM node:24-bookworm-slim AS build
ARG APP
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build --workspace "@portal/${APP}"

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/shared-ui/package.json shared-ui/
COPY --from=build /app/shared-api/package.json shared-api/
RUN npm install --omit=dev --no-audit --no-fund --no-save --ignore-scripts \
  fastify @fastify/static @fastify/http-proxy @fastify/helmet @fastify/compress

FROM node:24-bookworm-slim
ARG APP
ENV NODE_ENV=production APP=${APP}
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/shared-ui/build shared-ui/build
COPY --from=build /app/${APP}/package.json ${APP}/
COPY --from=build /app/${APP}/dist ${APP}/dist
WORKDIR /app/${APP}
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:8080/').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["sh", "-c", "exec node ../shared-ui/build/serve.mjs --port 8080"]
