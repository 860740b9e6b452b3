// jsdom lacks these; MUI's DataGrid and react-router need them.
const { TextEncoder, TextDecoder } = require('node:util');
if (!global.TextEncoder) global.TextEncoder = TextEncoder;
if (!global.TextDecoder) global.TextDecoder = TextDecoder;
if (!global.ResizeObserver) {
  global.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent() {
      return false;
    },
  });
}
// jsdom has no structuredClone; MUI X Charts (the overdue dashboard's chart) needs it. Node's v8
// serializer is the same structured-clone algorithm.
if (typeof global.structuredClone !== 'function') {
  const { serialize, deserialize } = require('node:v8');
  global.structuredClone = (v) => deserialize(serialize(v));
}
