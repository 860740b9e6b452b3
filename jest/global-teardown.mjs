export default async function globalTeardown() {
  const server = globalThis.__TEMPORAL_DEV_SERVER__;
  if (server) await server.stop();
}
