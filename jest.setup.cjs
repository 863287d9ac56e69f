// react-router 7 under jsdom needs TextEncoder/TextDecoder on globalThis.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');
