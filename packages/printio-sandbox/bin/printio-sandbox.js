#!/usr/bin/env node
// The sandbox's CLI (sandbox/main.ts in the repository), compiled into dist/ by build.mjs.
require('../dist/sandbox/main.js');
