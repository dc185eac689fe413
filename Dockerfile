# One image for every ironledger process; each service picks its app by command:
#   docker build -t ironledger:dev .
#   docker run --rm ironledger:dev node apps/conductor/dist/main.js
# Debian (glibc), not Alpine: the KurrentDB client loads a prebuilt native addon built for glibc
# (@kurrent/bridge-linux-*-gnu). Node 22: Node 20 reached its end of life on 2026-04-30, and some
# dependencies (the NATS client's nuid, cookie, file-type) require Node 22.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The install links node_modules/@ironledger/* to every workspace and so needs all their
# package.json files up front; a COPY glob would flatten apps/*/package.json, so the whole context
# comes in (.dockerignore keeps host builds and node_modules out). It installs as `npm test` and
# `npm start` do (scripts/setup.sh: `npm install` from the lock file): `npm ci` refuses a lock file
# that lacks another platform's optional binaries, which registries may not serve.
COPY . .
RUN bash scripts/setup.sh
RUN npm run build
# Lay out what `node` needs at run time as in the repository: the root manifests, and each
# workspace's package.json, dist/ and bin/ (the CLI's launcher) (a workspace is a libs/* or
# apps/* folder with a package.json, as npm sees it). A workspace that tsconfig.build.json does
# not build has no dist/, and the cp fails the image build.
RUN mkdir /out \
 && cp package.json package-lock.json /out/ \
 && for manifest in libs/*/package.json apps/*/package.json; do \
      ws=$(dirname "$manifest"); mkdir -p "/out/$ws" && cp -R "$manifest" "$ws/dist" "/out/$ws/"; \
      if [ -d "$ws/bin" ]; then cp -R "$ws/bin" "/out/$ws/"; fi; \
    done \
 && find /out -name '*.tsbuildinfo' -delete

FROM ${NODE_IMAGE}
# tini as PID 1 forwards SIGTERM to node (conductors finish their running work on it) and reaps
# child processes; ipmitool is what the IPMI driver runs (conductor, power-sync).
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini ipmitool \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /out ./
# A production install from the lock file (no compiler, test runner or linter in the image), the
# same `npm install` as the build stage; it links node_modules/@ironledger/* to libs/* and apps/*
# as in development.
RUN npm install --omit=dev --no-audit --no-fund \
 && npm cache clean --force
# The base image's `node` user, given by number so that Kubernetes' runAsNonRoot can check it.
# The application files stay owned by root: the processes only read them.
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/gateway/dist/main.js"]
