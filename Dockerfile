# One image for the api (server) and the worker; the command picks the role.
FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json .npmrc .puppeteerrc.cjs ./
COPY domain/package.json domain/
COPY persistence/package.json persistence/
COPY adapters/package.json adapters/
COPY workflows/package.json workflows/
COPY activities/package.json activities/
COPY worker/package.json worker/
COPY api/package.json api/
COPY server/package.json server/
COPY ui/package.json ui/
RUN npm install --ignore-scripts --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends chromium fonts-liberation ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production CHROMIUM_PATH=/usr/bin/chromium HOST=0.0.0.0
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "server/dist/main.js"]
