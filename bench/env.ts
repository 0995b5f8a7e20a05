// Imported first: the harness must see these before n8n-core loads (see test/harness/env.ts). Quiet logs.
process.env.N8N_LOG_LEVEL ??= 'silent';
