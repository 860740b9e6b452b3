/**
 * `npm run fabric:ensure` on a machine without Fabric in its cache, as a newcomer sees it. The Go module
 * proxy refuses the newest v2.5 releases ("403 ... This module version is not available") and serves an
 * older one: the terminal says once which release is built and why, where the log is, and nothing of the
 * refused attempts; a build that fails shows go's messages in full. Run against a stand-in `go` on PATH
 * that answers `go mod download -json` and `go build -v` as the real one does.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const dir = mkdtempSync(path.join(tmpdir(), 'fabric-ensure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The module source the proxy serves for v2.5.9, with the sample configuration Fabric ships. */
const source = path.join(dir, 'modcache', 'fabric@v2.5.9');
mkdirSync(path.join(source, 'sampleconfig'), { recursive: true });
writeFileSync(path.join(source, 'sampleconfig', 'core.yaml'), 'peer: {}\n');
writeFileSync(path.join(source, 'sampleconfig', 'orderer.yaml'), 'General: {}\n');
const SERVED = 'v1.4.0-rc1.0.20240618194258-7c3876255bf0'; // v2.5.9

/** Runs the script with a stand-in go whose `go build` runs `build` (a shell snippet; $out is the bin dir). */
function ensure(name: string, opts: { served?: string; build: string }) {
  const bin = path.join(dir, name, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(
    path.join(bin, 'go'),
    `#!/bin/sh
case "$1" in
  version) echo "go version go1.23.4 linux/amd64" ;;
  mod)
    ver="\${4#*@}"
    if [ "$ver" = "${opts.served ?? SERVED}" ]; then
      printf '{"Path":"github.com/hyperledger/fabric","Version":"%s","Dir":"%s"}\\n' "$ver" "${source}"
    else
      printf '{"Path":"github.com/hyperledger/fabric","Version":"%s","Error":"github.com/hyperledger/fabric@%s: reading https://proxy.golang.org/github.com/hyperledger/fabric/@v/%s.info: 403 Forbidden\\\\n\\\\tserver response: This module version is not available."}\\n' "$ver" "$ver" "$ver"
      exit 1
    fi ;;
  install)
    echo "go: github.com/hyperledger/fabric/cmd/peer@$3: reading https://proxy.golang.org/github.com/hyperledger/fabric/cmd/peer/@v/list: 403 Forbidden" >&2
    printf '\\tserver response: This module version is not available.\\n' >&2
    exit 1 ;;
  build)
    out="$4"
    ${opts.build} ;;
esac
`,
  );
  chmodSync(path.join(bin, 'go'), 0o755);
  const cache = path.join(dir, name, 'cache');
  const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}`, XDG_CACHE_HOME: cache };
  delete env.FABRIC_HOME;
  const r = spawnSync(process.execPath, [path.join(__dirname, 'fabric-ensure.mjs')], { encoding: 'utf8', env, timeout: 60_000 });
  return { status: r.status, terminal: `${r.stderr}${r.stdout}`, cache: path.join(cache, 'grain-cert') };
}

const COMPILE = `for t in peer orderer configtxgen cryptogen osnadmin; do echo "github.com/hyperledger/fabric/cmd/$t" >&2; : > "$out$t"; done`;

it('says once which release it builds and why, with the log path; the refused releases stay out of the terminal', () => {
  const r = ensure('served', { build: COMPILE });
  expect(r.status).toBe(0);
  const lines = r.terminal.trim().split('\n');
  expect(lines[0]).toBe(
    '[fabric] building Fabric v2.5.9, the newest v2.5 release the Go module proxy serves (v2.5.16 to v2.5.10: "This module version is not available"); the first build takes about 6 minutes on 2 cores',
  );
  expect(lines[1]).toMatch(/^\[fabric\] go build .*\(full output: .*\/grain-cert\/logs\/fabric-v2\.5\.9-build\.log\)$/);
  expect(lines.slice(2)).toEqual([
    expect.stringMatching(/^\[fabric\] built Fabric v2\.5\.9 in \d+ s -> .*\/fabric-v2\.5\.9$/),
    expect.stringMatching(/^\[fabric\] using Fabric v2\.5\.9 in .*\/fabric-v2\.5\.9$/),
  ]);
  expect(r.terminal).not.toMatch(/403|go install|trying/);
  for (const tool of ['peer', 'orderer', 'configtxgen', 'cryptogen', 'osnadmin'])
    expect(existsSync(path.join(r.cache, 'fabric-v2.5.9', 'bin', tool))).toBe(true);
  expect(existsSync(path.join(r.cache, 'fabric-v2.5.9', 'config', 'core.yaml'))).toBe(true);
});

it("a build that fails shows go's messages in full and exits 1", () => {
  const r = ensure('broken', {
    build: `echo "github.com/hyperledger/fabric/internal/pkg/comm" >&2; echo "# github.com/hyperledger/fabric/cmd/peer" >&2; echo "cmd/peer/main.go:22:2: undefined: mustHaveCgo" >&2; exit 2`,
  });
  expect(r.status).toBe(1);
  expect(r.terminal).toContain(
    '[fabric] building Fabric v2.5.9 failed:\n  # github.com/hyperledger/fabric/cmd/peer\n  cmd/peer/main.go:22:2: undefined: mustHaveCgo\n',
  );
  expect(r.terminal).not.toContain('internal/pkg/comm');
  expect(existsSync(path.join(r.cache, 'fabric-v2.5.9'))).toBe(false);
});

it('when the proxy serves no release, says what it answered for each, in full', () => {
  const r = ensure('none', { served: 'no-such-version', build: COMPILE });
  expect(r.status).toBe(1);
  expect(r.terminal).toContain('[fabric] the Go module proxy serves none of the Fabric v2.5 releases tried:');
  expect(r.terminal).toContain(
    '  v2.5.9 (github.com/hyperledger/fabric@v1.4.0-rc1.0.20240618194258-7c3876255bf0): github.com/hyperledger/fabric@v1.4.0-rc1.0.20240618194258-7c3876255bf0: reading https://proxy.golang.org/github.com/hyperledger/fabric/@v/v1.4.0-rc1.0.20240618194258-7c3876255bf0.info: 403 Forbidden',
  );
  expect(r.terminal.match(/server response: This module version is not available\./g)).toHaveLength(8);
});
