import './env';

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';
import type {
	ICredentialType,
	IDataObject,
	INodeExecutionData,
	IExecuteFunctions,
	INodeType,
	INodeTypeDescription,
	INodeTypes,
	IVersionedNodeType,
} from 'n8n-workflow';
import { NodeHelpers, UnexpectedError } from 'n8n-workflow';

import { PrintioApi } from '../../credentials/PrintioApi.credentials';
import { Printio } from '../../nodes/Printio/Printio.node';
import { PrintioTrigger } from '../../nodes/PrintioTrigger/PrintioTrigger.node';

/** Node type of the harness start node: it outputs the items it was given (see execute.ts). */
export const HARNESS_START_TYPE = 'n8n-nodes-harness.start';

/**
 * The node type n8n's CredentialsTester runs a declarative credential test with. n8n's
 * CredentialsHelper.preAuthentication recognises a credential test by this type (plus an empty `temp`
 * parameter), so the harness uses the same name.
 */
export const CREDENTIAL_TEST_NODE_TYPE = 'n8n-nodes-base.noOp';

class HarnessStart implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Harness Start',
		name: HARNESS_START_TYPE,
		group: ['input'],
		version: 1,
		description: 'Outputs the items the harness put on its input',
		defaults: { name: 'Harness Start' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

class HarnessNoOp implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'No Operation',
		name: CREDENTIAL_TEST_NODE_TYPE,
		group: ['organization'],
		version: 1,
		description: 'Stand-in for n8n-nodes-base.noOp in credential tests',
		defaults: { name: 'No Operation' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}

/**
 * Credential types of one package, with the lookups n8n's CLI CredentialTypes offers
 * (packages/cli/src/credential-types.ts): by name, parents via `extends`, supported nodes (full names).
 */
export class HarnessCredentialTypes {
	constructor(
		private readonly loader: PackageDirectoryLoader,
		private readonly packageName: string,
	) {}

	recognizes(name: string): boolean {
		return name in this.loader.known.credentials;
	}

	getByName(name: string): ICredentialType {
		return this.loader.getCredential(name).type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.loader.known.credentials[name]?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	getSupportedNodes(name: string): string[] {
		const short = this.loader.known.credentials[name]?.supportedNodes ?? [];
		return short.map((nodeName) => `${this.packageName}.${nodeName}`);
	}

	/** All properties, parents first, the way CredentialsHelper.getCredentialsProperties merges them. */
	getProperties(name: string): ICredentialType['properties'] {
		const type = this.getByName(name);
		if (!type.extends?.length) return type.properties;
		const merged: ICredentialType['properties'] = [];
		for (const parent of type.extends) {
			if (this.recognizes(parent))
				NodeHelpers.mergeNodeProperties(merged, this.getProperties(parent));
		}
		NodeHelpers.mergeNodeProperties(merged, type.properties);
		return merged;
	}
}

/** INodeTypes over one package (names `<package>.<node>`), plus the harness-owned helper node types. */
export class HarnessNodeTypes implements INodeTypes {
	private readonly extra = new Map<string, INodeType>();

	constructor(
		private readonly loader: PackageDirectoryLoader,
		private readonly packageName: string,
	) {
		this.addExtra(new HarnessStart());
		this.addExtra(new HarnessNoOp());
	}

	addExtra(type: INodeType): void {
		this.extra.set(type.description.name, type);
	}

	removeExtra(name: string): void {
		this.extra.delete(name);
	}

	getByName(nodeType: string): INodeType | IVersionedNodeType {
		const extra = this.extra.get(nodeType);
		if (extra) return extra;
		return this.loader.getNode(this.shortName(nodeType)).type;
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		return NodeHelpers.getVersionedNodeType(this.getByName(nodeType), version);
	}

	getKnownTypes(): IDataObject {
		const known: IDataObject = {};
		for (const [name, info] of Object.entries(this.loader.known.nodes)) {
			known[`${this.packageName}.${name}`] = { ...info };
		}
		return known;
	}

	private shortName(nodeType: string): string {
		const prefix = `${this.packageName}.`;
		if (!nodeType.startsWith(prefix)) {
			throw new UnexpectedError(`Unknown node type "${nodeType}" (package "${this.packageName}")`);
		}
		return nodeType.slice(prefix.length);
	}
}

export interface LoadedPackage {
	dir: string;
	packageName: string;
	loader: PackageDirectoryLoader;
	nodeTypes: HarnessNodeTypes;
	credentialTypes: HarnessCredentialTypes;
	/** 'printio' → 'n8n-nodes-printio.printio'; a name that already holds a dot is returned unchanged. */
	resolveNodeType(type: string): string;
}

const cache = new Map<string, Promise<LoadedPackage>>();

/** Repository root (the package under test). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * Where a package's node and credential classes come from: `built` is what its package.json `n8n` section lists
 * (the repo's points at dist/, which only `npm run build` refreshes); `sources` maps each `dist/X.js` entry to
 * the TypeScript source `X.ts`, so that jest (ts-jest) or tsx compiles the current code and jest's module
 * registry sees every require (`--findRelatedTests` follows them, no stale dist/ can be what is tested).
 */
export type PackageOrigin = 'built' | 'sources';

/** `dist/nodes/Printio/Printio.node.js` → `nodes/Printio/Printio.node.ts`; other entries stay as they are. */
export function sourceOf(builtFile: string): string {
	const match = /^(?:\.\/)?dist\/(.+)\.js$/.exec(builtFile);
	return match ? `${match[1]}.ts` : builtFile;
}

/**
 * n8n's own PackageDirectoryLoader with the `n8n` entries pointed at the sources. n8n-core 2.41.1 loads a class
 * with a plain `require(<absolute path>)` under NODE_ENV=test (load-class-in-isolation.js), so inside jest that
 * require is jest's and the `.ts` goes through its transform; under `node --import tsx` tsx compiles it.
 * Icons resolve the same (they sit beside the sources); codex files (`*.node.json`) are looked up as
 * `<file>on` and so are not found for `.ts`, which n8n treats as "no codex" (nothing the tests read).
 */
class SourcePackageDirectoryLoader extends PackageDirectoryLoader {
	constructor(directory: string) {
		super(directory);
		const { n8n } = this.packageJson;
		if (n8n) {
			this.packageJson = {
				...this.packageJson,
				n8n: {
					...n8n,
					nodes: n8n.nodes?.map(sourceOf),
					credentials: n8n.credentials?.map(sourceOf),
				},
			};
		}
	}
}

/**
 * The repo's classes as the tests' own imports see them, by their source file. n8n's loader requires the same
 * files by a computed path, which jest's dependency graph cannot follow: these static imports are what link every
 * test that uses the harness to the sources (`jest --findRelatedTests nodes/...`). Under jest, load() checks that
 * the loader got these very classes, i.e. one module registry (module state such as the in-flight placement
 * registry is the same instance the tests import). Under tsx (the fault suite) a test's static import and n8n's
 * `require` may be two instances; those tests reach node code only through the harness.
 */
const REPO_CLASSES: ReadonlyMap<string, abstract new () => object> = new Map<
	string,
	abstract new () => object
>([
	['credentials/PrintioApi.credentials.ts', PrintioApi],
	['nodes/Printio/Printio.node.ts', Printio],
	['nodes/PrintioTrigger/PrintioTrigger.node.ts', PrintioTrigger],
]);

function checkOneRegistry(loader: PackageDirectoryLoader, dir: string): void {
	const loaded = [...Object.values(loader.nodeTypes), ...Object.values(loader.credentialTypes)];
	for (const { type, sourcePath } of loaded) {
		const expected = REPO_CLASSES.get(path.relative(dir, sourcePath).split(path.sep).join('/'));
		if (!expected || !(type instanceof expected)) {
			throw new Error(
				`${sourcePath} was not loaded through the tests' module registry (or is missing in REPO_CLASSES)`,
			);
		}
	}
}

async function load(dir: string, origin: PackageOrigin): Promise<LoadedPackage> {
	const packageJsonPath = path.join(dir, 'package.json');
	if (!existsSync(packageJsonPath)) throw new Error(`No package.json in ${dir}`);
	const { n8n } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const listed = [...(n8n?.nodes ?? []), ...(n8n?.credentials ?? [])];
	const missing = (origin === 'sources' ? listed.map(sourceOf) : listed).filter(
		(file) => !existsSync(path.join(dir, file)),
	);
	if (missing.length > 0) {
		const hint = origin === 'built' ? ' (run `npm run build` first)' : '';
		throw new Error(
			`The package in ${dir} lists files that do not exist${hint}: ${missing.join(', ')}`,
		);
	}

	// Same loader n8n uses for an installed community package (packages/cli/src/load-nodes-and-credentials.ts).
	const loader =
		origin === 'sources' ? new SourcePackageDirectoryLoader(dir) : new PackageDirectoryLoader(dir);
	await loader.loadAll();
	if (origin === 'sources' && dir === REPO_ROOT && process.env.JEST_WORKER_ID !== undefined)
		checkOneRegistry(loader, dir);
	const { packageName } = loader;
	return {
		dir,
		packageName,
		loader,
		nodeTypes: new HarnessNodeTypes(loader, packageName),
		credentialTypes: new HarnessCredentialTypes(loader, packageName),
		resolveNodeType: (type) => (type.includes('.') ? type : `${packageName}.${type}`),
	};
}

/**
 * The package in `dir` (default: this repository, from its TypeScript sources), loaded once per directory and
 * origin. Pass `origin: 'built'` to test what `npm run build` produced.
 */
export async function loadPackage(
	dir: string = REPO_ROOT,
	origin: PackageOrigin = 'sources',
): Promise<LoadedPackage> {
	const key = `${origin}:${path.resolve(dir)}`;
	let loaded = cache.get(key);
	if (!loaded) {
		loaded = load(path.resolve(dir), origin);
		cache.set(key, loaded);
		loaded.catch(() => cache.delete(key));
	}
	return await loaded;
}
