import './env';

import { CredentialTestContext, ExecuteContext, RoutingNode } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialTestFunction,
	ICredentialTestRequest,
	ICredentialsDecrypted,
	IDataObject,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeType,
	IRunExecutionData,
} from 'n8n-workflow';
import { VersionedNodeType, Workflow, createRunExecutionData, deepCopy } from 'n8n-workflow';

import { createAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { CREDENTIAL_TEST_NODE_TYPE, type LoadedPackage, loadPackage } from './package';

export interface TestCredentialOptions {
	pkg?: LoadedPackage;
	/** Credential type name, e.g. 'printioApi'. */
	type: string;
	data: ICredentialDataDecryptedObject;
}

type TestTarget =
	| { kind: 'function'; fn: ICredentialTestFunction }
	| { kind: 'request'; testRequest: ICredentialTestRequest; nodeType?: INodeType };

/** CredentialsTester.getCredentialTestFunction: the type's own `test` first, then a node's `testedBy`. */
function findTest(pkg: LoadedPackage, type: string): TestTarget | undefined {
	const credentialType = pkg.credentialTypes.getByName(type);
	if (credentialType.test) return { kind: 'request', testRequest: credentialType.test };

	for (const nodeName of pkg.credentialTypes.getSupportedNodes(type)) {
		const node = pkg.nodeTypes.getByName(nodeName);
		const versions: INodeType[] =
			node instanceof VersionedNodeType ? Object.values(node.nodeVersions) : [node as INodeType];
		for (const nodeType of versions) {
			for (const { name, testedBy } of nodeType.description.credentials ?? []) {
				if (name !== type || !testedBy) continue;
				if (typeof testedBy === 'string') {
					if (node instanceof VersionedNodeType) {
						// Newest version first, as n8n does.
						const sorted = Object.keys(node.nodeVersions).sort().reverse();
						for (const version of sorted) {
							const fn = node.nodeVersions[Number(version)].methods?.credentialTest?.[testedBy];
							if (fn) return { kind: 'function', fn };
						}
					}
					const fn = (node as INodeType).methods?.credentialTest?.[testedBy];
					return fn ? { kind: 'function', fn } : undefined;
				}
				return { kind: 'request', testRequest: testedBy, nodeType };
			}
		}
	}
	return undefined;
}

/**
 * Emulates n8n's credential test (packages/cli/src/services/credentials-tester.service.ts): defaults are applied
 * to the data, then either the node's `credentialTest` function runs with a CredentialTestContext, or the
 * declarative `test.request` runs through n8n-core's RoutingNode on a temporary 'n8n-nodes-base.noOp' node (so
 * `baseURL`/`url` expressions resolve against the credential data, the credential's authentication and
 * preAuthentication apply, and the request goes through n8n-core's HTTP helper), and `rules` are checked.
 */
export async function testCredential(
	opts: TestCredentialOptions,
): Promise<INodeCredentialTestResult> {
	const pkg = opts.pkg ?? (await loadPackage());
	const target = findTest(pkg, opts.type);
	if (!target)
		return { status: 'Error', message: 'No testing function found for this credential.' };

	const credentialsHelper = new HarnessCredentialsHelper(pkg.credentialTypes, {
		[opts.type]: opts.data,
	});
	let data: ICredentialDataDecryptedObject;
	try {
		data = credentialsHelper.applyDefaultsAndResolve(deepCopy(opts.data), opts.type, 'internal');
	} catch (error) {
		return { status: 'Error', message: String((error as Error).message) };
	}
	const credentialsDecrypted: ICredentialsDecrypted = {
		id: `harness-${opts.type}`,
		name: `${opts.type} (harness)`,
		type: opts.type,
		data,
	};

	if (target.kind === 'function') {
		const context = new CredentialTestContext();
		return await target.fn.call(context, credentialsDecrypted);
	}

	const baseNodeType =
		target.nodeType ?? pkg.nodeTypes.getByNameAndVersion(CREDENTIAL_TEST_NODE_TYPE);
	const { version } = baseNodeType.description;
	const node: INode = {
		id: 'temp',
		parameters: {},
		name: 'Temp-Node',
		type: baseNodeType.description.name,
		typeVersion: Array.isArray(version) ? version.slice(-1)[0] : version,
		position: [0, 0],
		credentials: { [opts.type]: { id: credentialsDecrypted.id, name: credentialsDecrypted.name } },
	};
	// A copy of the node type with one property whose routing is the test request, exactly as n8n builds it.
	const nodeTypeCopy: INodeType = {
		description: {
			...baseNodeType.description,
			credentials: [{ name: opts.type, required: true }],
			properties: [
				{
					displayName: 'Temp',
					name: 'temp',
					type: 'string',
					routing: { request: target.testRequest.request },
					default: '',
				},
			],
		},
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => nodeTypeCopy,
			getByNameAndVersion: () => nodeTypeCopy,
			getKnownTypes: () => ({}),
		},
	});
	const additionalData = createAdditionalData({ credentialsHelper });
	const runExecutionData: IRunExecutionData = createRunExecutionData({ executionData: null });
	const executeFunctions = new ExecuteContext(
		workflow,
		node,
		additionalData,
		'internal',
		runExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	const routingNode = new RoutingNode(executeFunctions, nodeTypeCopy, credentialsDecrypted);

	let response: INodeExecutionData[][] | null | undefined;
	try {
		response = await routingNode.runNode();
	} catch (error) {
		const cause = (
			error as { cause?: { response?: { status: number; statusText?: string }; code?: string } }
		).cause;
		if (cause?.response) {
			const statusCode = cause.response.status;
			for (const rule of target.testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && statusCode === rule.properties.value) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			if (statusCode < 199 || statusCode > 299) {
				return {
					status: 'Error',
					message: cause.response.statusText || `Received HTTP status code: ${statusCode}`,
				};
			}
		} else if (cause?.code) {
			return { status: 'Error', message: cause.code };
		}
		return { status: 'Error', message: String((error as Error).message) };
	}

	for (const rule of target.testRequest.rules ?? []) {
		if (rule.type === 'responseSuccessBody') {
			const body = response?.[0]?.[0]?.json;
			if (getPath(body, rule.properties.key) === rule.properties.value) {
				return { status: 'Error', message: rule.properties.message };
			}
		}
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/** lodash.get for a dotted path (n8n uses lodash here; the harness has no lodash dependency). */
function getPath(value: unknown, key: string): unknown {
	let current: unknown = value;
	for (const part of key.replace(/\[(\w+)\]/g, '.$1').split('.')) {
		if (current === null || typeof current !== 'object') return undefined;
		current = (current as IDataObject)[part];
	}
	return current;
}
