import './env';

import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeCredentials,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRunData,
	IWorkflowBase,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { Workflow, createRunExecutionData, deepCopy } from 'n8n-workflow';

import { createAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { HARNESS_START_TYPE, type LoadedPackage, loadPackage } from './package';

export interface HarnessNodeSpec {
	/** 'printio' (resolved to '<package>.printio') or a full type name. */
	type: string;
	parameters: INodeParameters;
	/** Default: the node's current (highest) version. */
	typeVersion?: number;
	/** Sets the node's "On Error" to "Continue" (onError: 'continueRegularOutput'). */
	continueOnFail?: boolean;
	/** Sets the node's "On Error" as such (e.g. 'continueErrorOutput': failed items go to a second output); wins over continueOnFail. */
	onError?: INode['onError'];
	/** Node name in the workflow (default 'Node Under Test'). */
	name?: string;
	/** Display name of the credential entries on the node (default '<type> (harness)'). */
	credentialName?: string;
}

export interface ExecuteNodeOptions {
	pkg?: LoadedPackage;
	node: HarnessNodeSpec;
	/** Items fed to the node (default: one empty item). Plain objects become `{ json }`. */
	input?: IDataObject[] | INodeExecutionData[];
	/** Decrypted credential data per credential type, e.g. `{ printioApi: {...} }`. */
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** Workflow settings time zone. */
	timezone?: string;
	/** Execution mode (default 'manual', as when a user clicks "Execute workflow"). */
	mode?: WorkflowExecuteMode;
}

export type HarnessError = Error & Record<string, unknown>;

export interface ExecuteNodeResult {
	/** Main output 0 of the node under test. */
	items: INodeExecutionData[];
	/** Every output of the node under test. */
	outputs: INodeExecutionData[][];
	/**
	 * The error the node failed with: the thrown NodeApiError/NodeOperationError instance (so `instanceof`
	 * works), with `itemIndex` copied from its context for convenience. Undefined on success and with
	 * continueOnFail.
	 */
	error?: HarnessError;
	/** The run data n8n would store for this execution (the error there is n8n's plain-object copy). */
	runData: IRunData;
	/** The credential store after the run (e.g. tokens written back by preAuthentication). */
	credentialStore: Record<string, ICredentialDataDecryptedObject>;
	/** How many times a credential type's preAuthentication hook ran. */
	preAuthenticationCalls: Record<string, number>;
	requests?: never;
}

export const START_NODE_NAME = 'Harness Start';
export const DEFAULT_NODE_NAME = 'Node Under Test';

export function toItems(
	input: IDataObject[] | INodeExecutionData[] | undefined,
): INodeExecutionData[] {
	if (input === undefined) return [{ json: {} }];
	return input.map((entry) => {
		const candidate = entry as INodeExecutionData;
		if (
			candidate !== null &&
			typeof candidate === 'object' &&
			'json' in candidate &&
			typeof candidate.json === 'object'
		) {
			return deepCopy(candidate);
		}
		return { json: deepCopy(entry as IDataObject) };
	});
}

/** The current version of a node type: `defaultVersion` of a versioned type, else the highest listed. */
export function currentVersion(pkg: LoadedPackage, type: string): number {
	const nodeType = pkg.nodeTypes.getByName(type);
	if ('nodeVersions' in nodeType) return nodeType.currentVersion;
	const { version } = nodeType.description;
	return Array.isArray(version) ? Math.max(...version) : version;
}

export function nodeCredentials(
	credentials: Record<string, ICredentialDataDecryptedObject> | undefined,
	credentialName: string | undefined,
): INodeCredentials | undefined {
	const types = Object.keys(credentials ?? {});
	if (types.length === 0) return undefined;
	return Object.fromEntries(
		types.map((type) => [
			type,
			{ id: `harness-${type}`, name: credentialName ?? `${type} (harness)` },
		]),
	);
}

/** Builds the INode of the node under test the way the editor stores it. */
export function buildNode(
	pkg: LoadedPackage,
	spec: HarnessNodeSpec,
	credentials?: Record<string, ICredentialDataDecryptedObject>,
): INode {
	const type = pkg.resolveNodeType(spec.type);
	const node: INode = {
		id: randomUUID(),
		name: spec.name ?? DEFAULT_NODE_NAME,
		type,
		typeVersion: spec.typeVersion ?? currentVersion(pkg, type),
		position: [250, 0],
		parameters: deepCopy(spec.parameters),
	};
	const creds = nodeCredentials(credentials, spec.credentialName);
	if (creds) node.credentials = creds;
	if (spec.onError) node.onError = spec.onError;
	else if (spec.continueOnFail) node.onError = 'continueRegularOutput';
	return node;
}

/**
 * Node types for one run: the package's, with the node under test's `execute` wrapped so the harness keeps the
 * error instance it threw (WorkflowExecute stores only a plain-object copy). Behaviour is unchanged: the error
 * is rethrown as is.
 */
function capturingNodeTypes(
	pkg: LoadedPackage,
	type: string,
	captured: { error?: unknown },
): INodeTypes {
	const wrappers = new Map<number | undefined, INodeType>();
	return {
		getByName: (name) => pkg.nodeTypes.getByName(name),
		getKnownTypes: () => pkg.nodeTypes.getKnownTypes(),
		getByNameAndVersion: (name, version) => {
			const nodeType = pkg.nodeTypes.getByNameAndVersion(name, version);
			const execute = nodeType.execute;
			if (name !== type || typeof execute !== 'function') return nodeType;
			let wrapper = wrappers.get(version);
			if (!wrapper) {
				const created = Object.create(nodeType) as INodeType;
				created.execute = async function (this: unknown, ...args: unknown[]) {
					try {
						return await (execute as (...a: unknown[]) => Promise<never>).apply(
							this === created ? nodeType : this,
							args,
						);
					} catch (error) {
						captured.error = error;
						throw error;
					}
				} as INodeType['execute'];
				wrapper = created;
				wrappers.set(version, wrapper);
			}
			return wrapper;
		},
	};
}

function toHarnessError(raw: unknown): HarnessError | undefined {
	if (raw === undefined || raw === null) return undefined;
	let error: HarnessError;
	if (raw instanceof Error) {
		error = raw as HarnessError;
	} else {
		// A plain copy from the run data: give it an Error prototype so jest prints and matches it sensibly.
		const copy = raw as Record<string, unknown>;
		error = Object.assign(new Error(String(copy.message ?? 'Unknown error')), copy) as HarnessError;
	}
	const context = error.context as IDataObject | undefined;
	if (error.itemIndex === undefined && context && typeof context.itemIndex === 'number') {
		error.itemIndex = context.itemIndex;
	}
	return error;
}

/** Runs one node of the package in a real workflow through n8n-core's WorkflowExecute. */
export async function executeNode(opts: ExecuteNodeOptions): Promise<ExecuteNodeResult> {
	const pkg = opts.pkg ?? (await loadPackage());
	const mode: WorkflowExecuteMode = opts.mode ?? 'manual';
	const node = buildNode(pkg, opts.node, opts.credentials);
	if (node.name === START_NODE_NAME)
		throw new Error(`The node name "${START_NODE_NAME}" is reserved`);

	const startNode: INode = {
		id: randomUUID(),
		name: START_NODE_NAME,
		type: HARNESS_START_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	const connections = {
		[START_NODE_NAME]: { main: [[{ node: node.name, type: 'main' as const, index: 0 }]] },
	};
	const settings = {
		executionOrder: 'v1' as const,
		...(opts.timezone ? { timezone: opts.timezone } : {}),
	};
	const workflowId = 'harness-workflow';

	const captured: { error?: unknown } = {};
	const workflow = new Workflow({
		id: workflowId,
		name: 'Harness workflow',
		nodes: [startNode, node],
		connections,
		active: false,
		nodeTypes: capturingNodeTypes(pkg, node.type, captured),
		settings,
	});

	const executionId = randomUUID();
	const workflowData: IWorkflowBase = {
		id: workflowId,
		name: workflow.name ?? 'Harness workflow',
		active: false,
		isArchived: false,
		activeVersionId: null,
		nodes: [startNode, node],
		connections,
		settings,
		createdAt: new Date(),
		updatedAt: new Date(),
	};
	const hooks = new ExecutionLifecycleHooks(mode, executionId, workflowData);
	const credentialsHelper = new HarnessCredentialsHelper(pkg.credentialTypes, opts.credentials);
	const additionalData = createAdditionalData({
		credentialsHelper,
		hooks,
		executionId,
		workflowId,
		timezone: opts.timezone,
	});

	// Same entry as n8n's NodeTestHarness: the start node on the execution stack with the input items.
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node: startNode, data: { main: [toItems(opts.input)] }, source: null },
			],
		},
	});
	const workflowExecute = new WorkflowExecute(additionalData, mode, runExecutionData);
	const run = await workflowExecute.processRunExecutionData(workflow);

	const runData = run.data.resultData.runData;
	const taskData = runData[node.name]?.[0];
	const outputs = (taskData?.data?.main ?? []).map((output) => output ?? []);
	const failed =
		taskData?.error !== undefined || (taskData === undefined && run.data.resultData.error);
	const rawError = failed
		? (captured.error ?? taskData?.error ?? run.data.resultData.error)
		: undefined;

	return {
		items: outputs[0] ?? [],
		outputs,
		error: toHarnessError(rawError),
		runData,
		credentialStore: credentialsHelper.store,
		preAuthenticationCalls: credentialsHelper.preAuthenticationCalls,
	};
}
