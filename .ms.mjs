import { readFileSync } from 'node:fs';
import { calculateMetrics } from 'mutation-testing-metrics';
import { MODULES, PROMISE_MODULES } from './scripts/mutation/modules.mjs';
const report = JSON.parse(readFileSync(process.argv[2] ?? 'reports/mutation/mutation.json', 'utf8'));
const re = (g) => new RegExp(`^${g.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '(?:.*/)?')}$`);
const matches = (f, globs) => { let m = false; for (const g of globs) { if (g.startsWith('!')) { if (re(g.slice(1)).test(f)) m = false; } else if (re(g).test(f)) m = true; } return m; };
for (const [name, globs] of Object.entries(MODULES)) {
  const files = Object.fromEntries(Object.entries(report.files).filter(([f]) => matches(f, globs)));
  const m = calculateMetrics(files).metrics;
  console.log(name.padEnd(13), m.mutationScore.toFixed(2), m.totalDetected, '/', m.totalValid, 'surv', m.survived, 'nocov', m.noCoverage, PROMISE_MODULES.includes(name) ? '*' : '');
}
const per = process.argv[3];
if (per) for (const [f, r] of Object.entries(report.files)) if (f.includes(per)) { const m = calculateMetrics({ [f]: r }).metrics; console.log(f, m.mutationScore.toFixed(1), m.survived, m.noCoverage); }
