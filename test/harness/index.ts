// Public API of the in-process test harness (see README.md). `./env` must stay the first import: it points
// N8N_USER_FOLDER at a temp folder before n8n-core is loaded.
import './env';

export { loadPackage, REPO_ROOT, type LoadedPackage } from './package';
export {
	executeNode,
	type ExecuteNodeOptions,
	type ExecuteNodeResult,
	type HarnessError,
	type HarnessNodeSpec,
} from './execute';
