// node scripts/release/check-tag.mjs TAG (in the repository's root): fails unless TAG is the version written in
// both packages, the lock file and the changelog. The publish workflow runs it before publishing anything.
import { tagProblems } from './versions.mjs';

const root = process.cwd();
const tag = process.argv[2];
const problems = tagProblems(root, tag);
for (const problem of problems) console.error(`check-tag: ${problem}`);
if (problems.length) process.exit(1);
console.log(`check-tag: ${tag} matches both packages, the lock file and CHANGELOG.md`);
