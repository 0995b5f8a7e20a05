// Public API of the in-process test harness (see README.md). `./env` must stay the first import: it points
// N8N_USER_FOLDER at a temp folder before n8n-core is loaded.
import './env';

export {
	loadPackage,
	REPO_ROOT,
	HARNESS_START_TYPE,
	sourceOf,
	type LoadedPackage,
	type PackageOrigin,
} from './package';
export {
	executeNode,
	START_NODE_NAME,
	DEFAULT_NODE_NAME,
	type ExecuteNodeOptions,
	type ExecuteNodeResult,
	type HarnessError,
	type HarnessNodeSpec,
} from './execute';
export {
	createPoller,
	createStaticDataStore,
	type CreatePollerOptions,
	type HarnessPoller,
	type StaticDataStore,
} from './poller';
export { testCredential, type TestCredentialOptions } from './credential-test';
export { callNodeMethod, type CallNodeMethodOptions } from './node-methods';
export { scanForSecrets, type ScanOptions } from './secrets';
