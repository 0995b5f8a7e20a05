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
			if (this.recognizes(parent)) NodeHelpers.mergeNodeProperties(merged, this.getProperties(parent));
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

/** Repository root (the package under test); its package.json points at dist/ (npm run build). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

async function load(dir: string): Promise<LoadedPackage> {
	const packageJsonPath = path.join(dir, 'package.json');
	if (!existsSync(packageJsonPath)) throw new Error(`No package.json in ${dir}`);
	const { n8n } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
		n8n?: { nodes?: string[]; credentials?: string[] };
	};
	const missing = [...(n8n?.nodes ?? []), ...(n8n?.credentials ?? [])].filter(
		(file) => !existsSync(path.join(dir, file)),
	);
	if (missing.length > 0) {
		throw new Error(
			`The package in ${dir} lists files that do not exist (run \`npm run build\` first): ${missing.join(', ')}`,
		);
	}

	// Same loader n8n uses for an installed community package (packages/cli/src/load-nodes-and-credentials.ts).
	const loader = new PackageDirectoryLoader(dir);
	await loader.loadAll();
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

export async function loadPackage(dir: string = REPO_ROOT): Promise<LoadedPackage> {
	const key = path.resolve(dir);
	let loaded = cache.get(key);
	if (!loaded) {
		loaded = load(key);
		cache.set(key, loaded);
		loaded.catch(() => cache.delete(key));
	}
	return await loaded;
}
