// Chromium comes from the system (Debian's `chromium`); never download a browser at install time.
module.exports = { skipDownload: true };
