// The API process of the list benchmark: what `npm start` runs (startServer from @grain/server:
// config from the environment, database, adapters, Temporal client, Express app, live channel),
// with WORKER_IN_PROCESS=false so no worker shares its event loop. Reports { port } over IPC when
// listening; stops on the 'stop' message. Its own process so the load generator does not share its
// event loop.
const { startServer } = require('@grain/server');

async function main() {
  const running = await startServer({ log: (m) => console.log(`[api] ${m}`) });
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
