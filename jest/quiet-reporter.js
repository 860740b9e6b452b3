const { DefaultReporter } = require('@jest/reporters');

/**
 * Jest's own report, except that what a test file wrote to the console is shown only when the file
 * failed: passing files print one line each, a failing one its messages and everything it logged (the
 * server's lines, the browser flows' watchdog report) beside its failures.
 */
class QuietReporter extends DefaultReporter {
  printTestFileHeader(testPath, config, result) {
    const failed = result.numFailingTests > 0 || Boolean(result.testExecError);
    super.printTestFileHeader(testPath, config, failed ? result : { ...result, console: undefined });
  }
}

module.exports = QuietReporter;
