import './env';

import { LoadOptionsContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	INodeListSearchResult,
	INodePropertyOptions,
	ResourceMapperFields,
} from 'n8n-workflow';
import { Workflow, deepCopy } from 'n8n-workflow';

import { createAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { buildNode, type HarnessNodeSpec } from './execute';
import { type LoadedPackage, loadPackage } from './package';

export interface CallNodeMethodOptions {
	pkg?: LoadedPackage;
	/** The node as configured in the editor (its parameters are the "current node parameters"). */
	node: HarnessNodeSpec;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	kind: 'loadOptions' | 'listSearch' | 'resourceMapping';
	/** Method name under `methods.loadOptions` / `methods.listSearch` / `methods.resourceMapping`. */
	method: string;
	/** listSearch only: the search text and the token of the page to fetch. */
	filter?: string;
	paginationToken?: string;
	/** Path of the parameter being edited (n8n passes e.g. 'parameters.itemCode'). */
	path?: string;
	timezone?: string;
}

/**
 * Calls a node's `methods.loadOptions.<name>`, `methods.listSearch.<name>` or `methods.resourceMapping.<name>` the
 * way the editor's request does
 * (packages/cli/src/services/dynamic-node-parameters.service.ts): a temporary workflow holding the node, a
 * LoadOptionsContext from n8n-core, the node's parameters as `currentNodeParameters`.
 */
export async function callNodeMethod(
	opts: CallNodeMethodOptions & { kind: 'loadOptions' },
): Promise<INodePropertyOptions[]>;
export async function callNodeMethod(
	opts: CallNodeMethodOptions & { kind: 'listSearch' },
): Promise<INodeListSearchResult>;
export async function callNodeMethod(
	opts: CallNodeMethodOptions & { kind: 'resourceMapping' },
): Promise<ResourceMapperFields>;
export async function callNodeMethod(
	opts: CallNodeMethodOptions,
): Promise<INodePropertyOptions[] | INodeListSearchResult | ResourceMapperFields> {
	const pkg = opts.pkg ?? (await loadPackage());
	const node = buildNode(pkg, opts.node, opts.credentials);
	const workflow = new Workflow({
		id: 'harness-temp-workflow',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: pkg.nodeTypes,
		settings: opts.timezone ? { timezone: opts.timezone } : {},
	});
	const workflowNode = workflow.getNode(node.name)!;
	const nodeType = pkg.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	const method = nodeType.methods?.[opts.kind]?.[opts.method];
	if (typeof method !== 'function') {
		throw new Error(`Node type "${node.type}" has no methods.${opts.kind}.${opts.method}`);
	}
	const additionalData = createAdditionalData({
		credentialsHelper: new HarnessCredentialsHelper(pkg.credentialTypes, opts.credentials),
		timezone: opts.timezone,
	});
	additionalData.currentNodeParameters = deepCopy(workflowNode.parameters);
	const context = new LoadOptionsContext(workflow, workflowNode, additionalData, opts.path ?? '');
	if (opts.kind === 'listSearch') {
		return await (
			method as (
				this: LoadOptionsContext,
				filter?: string,
				token?: string,
			) => Promise<INodeListSearchResult>
		).call(context, opts.filter, opts.paginationToken);
	}
	if (opts.kind === 'resourceMapping') {
		return await (method as (this: LoadOptionsContext) => Promise<ResourceMapperFields>).call(
			context,
		);
	}
	return await (method as (this: LoadOptionsContext) => Promise<INodePropertyOptions[]>).call(
		context,
	);
}
