// The independent PDF signature validator the one verification script runs beside pdfsig
// (scripts/verify-credential.mjs): github.com/digitorus/pdfsign's own `verify` command, unchanged — this
// file only gives that CLI a main to build from a pinned module version (the Go module proxy refuses
// `go install` of the module's pseudo-version, see scripts/ensure-pdf-verify.mjs). No checking logic of
// ours: the trust roots are the ones Go reads (SSL_CERT_FILE / SSL_CERT_DIR), which the script points at
// the company CA alone.
//
// Usage: pdf-verify verify [pdfsign's options] <file.pdf>   (prints pdfsign's verdict as JSON)
package main

import (
	"fmt"
	"os"

	"github.com/digitorus/pdfsign/cli"
)

func main() {
	if len(os.Args) < 2 || os.Args[1] != "verify" {
		fmt.Fprintln(os.Stderr, "usage: pdf-verify verify [options] <file.pdf>")
		os.Exit(2)
	}
	cli.VerifyCommand()
}
