module.exports = "file-stub";
