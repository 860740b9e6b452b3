// The API process of the list benchmark: what `npm start` runs (startServer from @grain/server:
// config from the environment, database, adapters, Temporal client, Express app, live channel),
// with WORKER_IN_PROCESS=false so no worker shares its event loop. Reports { port } over IPC when
// listening; stops on the 'stop' message. Its own process so the load generator does not share its
// event loop. With API_PROCESSES=N (N > 1) it is the primary of N API processes sharing the port, as
// `npm start` runs them (server/src/cluster.ts); this same script runs in each of them.
const { apiProcessCount, isClusterApiProcess, startApiCluster, startServer } = require('@grain/server');

async function clusterProcess() {
  const running = await startServer({ log: (m) => console.log(`[api ${process.pid}] ${m}`) });
  process.on('SIGTERM', () => running.stop().then(() => process.exit(0)));
  process.send({ port: running.port });
}

async function main() {
  if (isClusterApiProcess()) return clusterProcess();
  const n = apiProcessCount(process.env);
  const running =
    n > 1 ? await startApiCluster(n, process.env, (m) => console.log(`[api] ${m}`)) : await startServer({ log: (m) => console.log(`[api] ${m}`) });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await running.stop();
      process.exit(0);
    } else if (m === 'mem') {
      process.send({ mem: process.memoryUsage() });
    }
  });
  process.send({ port: running.port });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
