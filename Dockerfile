# One image for every ironledger process; each service picks its app by command:
#   docker build -t ironledger:dev .
#   docker run --rm ironledger:dev node apps/conductor/dist/main.js
# Debian (glibc), not Alpine: the KurrentDB client loads a prebuilt native addon built for glibc
# (@kurrent/bridge-linux-*-gnu).
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# npm ci links node_modules/@ironledger/* to every workspace and so needs all their package.json
# files up front; a COPY glob would flatten apps/*/package.json, so the whole context comes in
# (.dockerignore keeps host builds and node_modules out).
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build
# Lay out what `node` needs at run time as in the repository: the root manifests, and each
# workspace's package.json and dist/ (a workspace is a libs/* or apps/* folder with a
# package.json, as npm sees it). A workspace that tsconfig.build.json does not build has no
# dist/, and the cp fails the image build.
RUN mkdir /out \
 && cp package.json package-lock.json /out/ \
 && for manifest in libs/*/package.json apps/*/package.json; do \
      ws=$(dirname "$manifest"); mkdir -p "/out/$ws" && cp -R "$manifest" "$ws/dist" "/out/$ws/"; \
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
# A clean production install (no compiler, test runner or linter in the image); it links
# node_modules/@ironledger/* to libs/* and apps/* as in development.
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
# The base image's `node` user, given by number so that Kubernetes' runAsNonRoot can check it.
# The application files stay owned by root: the processes only read them.
USER 1000:1000
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "apps/gateway/dist/main.js"]
