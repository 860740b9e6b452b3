import net from 'node:net';

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net
      .createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * The first of `width` consecutive ports free on loopback, for a set of servers that need fixed ports
 * (a Fabric network, the Temporal cluster). Chosen below the kernel's ephemeral range (32768+), where
 * other tests' servers on port 0 land, so none of them can take a port between this check and the bind.
 */
export async function freePortRange(width: number): Promise<number> {
  for (;;) {
    const base = 20000 + Math.floor(Math.random() * 12000);
    let ok = true;
    for (let p = base; p < base + width && ok; p++) ok = await portFree(p);
    if (ok) return base;
  }
}
