import './env';

import { isDeepStrictEqual } from 'node:util';

import {
	PollContext,
	TriggersAndPollers,
	commitStagedCursor,
	runPollInStagingScope,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	WorkflowActivateMode,
} from 'n8n-workflow';
import { Workflow, deepCopy } from 'n8n-workflow';

import { createAdditionalData } from './additional-data';
import { HarnessCredentialsHelper } from './credentials-helper';
import { DEFAULT_NODE_NAME, buildNode, type HarnessNodeSpec } from './execute';
import { type LoadedPackage, loadPackage } from './package';

export interface CreatePollerOptions {
	pkg?: LoadedPackage;
	node: HarnessNodeSpec;
	credentials?: Record<string, ICredentialDataDecryptedObject>;
	/** The node's static data as n8n last persisted it (what `getWorkflowStaticData('node')` starts as). */
	staticData?: IDataObject;
	/** Workflow settings time zone. */
	timezone?: string;
	/** 'trigger': an active workflow's poll. 'manual': the editor's "Fetch Test Event" (never persisted). */
	mode?: 'trigger' | 'manual';
	/** Activation mode the poll context reports (default 'activate'; n8n's scheduled polls use 'update'). */
	activation?: WorkflowActivateMode;
	/**
	 * true (default): one Workflow instance for the poller's life, as n8n 2.41.1 runs an activated poll trigger
	 * by default (ActiveWorkflowTriggers.activatePollTrigger builds the poll functions once and the cron calls
	 * PollTriggerExecutor with the same Workflow every time). Changes made by a poll that emitted nothing stay
	 * visible to the next poll in memory, but are only persisted by a later poll that emits; and after a save,
	 * writes inside objects the node assigned earlier no longer mark the data as changed (see README).
	 * false: every poll gets a fresh Workflow built from the persisted static data, as after a restart, and as
	 * the opt-in scheduler path (N8N_SCHEDULER_POLL_TRIGGERS_ENABLED) reloads the workflow for every tick.
	 */
	retainInMemory?: boolean;
	/**
	 * Emulates the opt-in durable poll cursors of n8n 2.41 (N8N_POLLER_DURABLE_CURSORS_ENABLED with the scheduler
	 * flags; all off by default): the node's static data is a per-poll snapshot of the stored cursor, and the
	 * snapshot is committed when it changed, after a poll that emitted items (with the execution) and after a
	 * poll that returned null (TriggerExecutionContextFactory.__commitCursor); never after an error. Implies a
	 * fresh workflow per poll. Default false.
	 */
	durableCursors?: boolean;
	/**
	 * A "database" shared by several pollers of the same node (e.g. two instances, or the scheduler running one
	 * occurrence twice): each reads the stored static data from it and writes its saves to it, last write wins.
	 * When given, `staticData` is ignored; seed the store instead.
	 */
	store?: StaticDataStore;
}

/** Stored workflow static data, shared by pollers (see `createStaticDataStore`). */
export interface StaticDataStore {
	/** The whole workflow static data as stored (`{ 'node:<name>': {...} }`). */
	data: IDataObject;
	/** Number of saves written to it. */
	writes: number;
	/** The workflow whose data it is: pollers sharing a store are instances of one workflow. */
	workflowId: string;
}

let workflowCount = 0;
/** Each poller is its own workflow unless it shares a store: a trigger keeps state per workflow in the process. */
const newWorkflowId = () => `harness-poll-workflow-${++workflowCount}`;

/** A store seeded with one node's static data (node name default 'Node Under Test'). */
export function createStaticDataStore(
	nodeStaticData?: IDataObject,
	nodeName = DEFAULT_NODE_NAME,
): StaticDataStore {
	return {
		data: nodeStaticData ? { [`node:${nodeName}`]: deepCopy(nodeStaticData) } : {},
		writes: 0,
		workflowId: newWorkflowId(),
	};
}

export interface HarnessPoller {
	/** Runs one poll. Resolves to what the node returned; rejects with the node's error (nothing is persisted). */
	poll(): Promise<INodeExecutionData[][] | null>;
	/** The node's static data as n8n would have persisted it after the polls so far. */
	readonly staticData: IDataObject;
	/** The node's static data as the last poll left it in memory, persisted or not. */
	readonly lastStaticData: IDataObject;
	/** The node under test as placed in the workflow. */
	readonly node: INode;
	/** Counts: polls run, polls whose data was persisted, polls that threw. */
	readonly stats: { polls: number; persisted: number; errors: number };
	/** The credential store (tokens refreshed by preAuthentication stay for the next poll). */
	readonly credentialStore: Record<string, ICredentialDataDecryptedObject>;
}

/**
 * Emulates n8n's poll runtime for one polling node: a real PollContext on a real Workflow, the poll run through
 * n8n-core's TriggersAndPollers.runPollFunction inside the cursor staging scope, and then what
 * PollTriggerExecutor / PollTriggerTaskHandler do with the result:
 * - items (non-null): `__emit` → WorkflowStaticDataService.saveStaticData, which writes the workflow's static
 *   data only if `staticData.__dataChanged` is true (set by n8n-workflow's ObservableObject on any write);
 * - null: `commitStagedCursor`, a no-op for nodes without a durable poller cursor, so nothing is written;
 * - a thrown error: `__emitError` (an error execution), nothing is written.
 * In manual mode the poll runs as WorkflowExecute.executePollNode runs it (PollContext with mode and activation
 * 'manual'), and manual executions never persist static data.
 */
export async function createPoller(opts: CreatePollerOptions): Promise<HarnessPoller> {
	const pkg = opts.pkg ?? (await loadPackage());
	const mode = opts.mode ?? 'trigger';
	const activation: WorkflowActivateMode =
		mode === 'manual' ? 'manual' : (opts.activation ?? 'activate');
	const node = buildNode(pkg, opts.node, opts.credentials);
	const bucket = `node:${node.name}`;
	const credentialsHelper = new HarnessCredentialsHelper(pkg.credentialTypes, opts.credentials);
	const triggersAndPollers = new TriggersAndPollers();

	// The workflow static data as stored in the database.
	const store = opts.store ?? createStaticDataStore(opts.staticData, node.name);
	const getPersisted = () => store.data;
	const setPersisted = (data: IDataObject) => {
		store.data = data;
		store.writes++;
		stats.persisted++;
	};
	let retained: Workflow | undefined;
	let last: Workflow | undefined;
	let lastSnapshot: IDataObject | undefined;
	const stats = { polls: 0, persisted: 0, errors: 0 };

	const buildWorkflow = () =>
		new Workflow({
			id: store.workflowId,
			name: 'Harness poll workflow',
			nodes: [{ ...node, parameters: deepCopy(node.parameters) }],
			connections: {},
			active: mode !== 'manual',
			nodeTypes: pkg.nodeTypes,
			staticData: deepCopy(getPersisted()),
			settings: { executionOrder: 'v1', ...(opts.timezone ? { timezone: opts.timezone } : {}) },
		});

	const saveStaticData = (workflow: Workflow) => {
		// WorkflowStaticDataService.saveStaticData: only when changed, then the flag is reset.
		if (workflow.staticData.__dataChanged === true) {
			setPersisted(deepCopy(workflow.staticData));
			workflow.staticData.__dataChanged = false;
		}
	};

	const poll = async (): Promise<INodeExecutionData[][] | null> => {
		const retain = (opts.retainInMemory ?? true) && !opts.durableCursors;
		const workflow = retain ? (retained ??= buildWorkflow()) : buildWorkflow();
		last = workflow;
		lastSnapshot = undefined;
		const workflowNode = workflow.getNode(node.name)!;
		const additionalData = createAdditionalData({
			credentialsHelper,
			workflowId: store.workflowId,
			timezone: opts.timezone,
		});
		stats.polls++;

		if (mode === 'manual') {
			const context = new PollContext(workflow, workflowNode, additionalData, 'manual', 'manual');
			const nodeType = workflow.nodeTypes.getByNameAndVersion(
				workflowNode.type,
				workflowNode.typeVersion,
			);
			try {
				return (await nodeType.poll!.call(context)) ?? null;
			} catch (error) {
				stats.errors++;
				throw error;
			}
		}

		let emitted: INodeExecutionData[][] | null = null;
		let emittedError: Error | undefined;
		// Durable cursors: the node works on a snapshot of the stored cursor; `takeStaged` returns it once if it
		// changed (as the CLI's takeStagedCursor does with lodash isEqual/cloneDeep).
		let staged: { snapshot: IDataObject; seed: IDataObject } | undefined;
		const takeStaged = () => {
			if (!staged || isDeepStrictEqual(staged.snapshot, staged.seed)) return null;
			const cursor = deepCopy(staged.snapshot);
			staged.seed = cursor;
			return cursor;
		};
		const commitCursor = (cursor: IDataObject) =>
			setPersisted({ ...getPersisted(), [bucket]: cursor });
		const context = new PollContext(
			workflow,
			workflowNode,
			additionalData,
			'trigger',
			activation,
			(data) => {
				if (opts.durableCursors) {
					const cursor = takeStaged();
					if (cursor) commitCursor(cursor);
				} else {
					saveStaticData(workflow);
				}
				emitted = data;
			},
			(error) => {
				emittedError = error;
			},
			async () => {
				const cursor = takeStaged();
				if (cursor) commitCursor(cursor);
			},
			async (run) => {
				if (opts.durableCursors) {
					const seed = deepCopy((getPersisted()[bucket] as IDataObject | undefined) ?? {});
					staged = { snapshot: deepCopy(seed), seed };
				}
				return await run();
			},
			opts.durableCursors ? () => staged!.snapshot : undefined,
		);
		try {
			await runPollInStagingScope(context, async () => {
				const response = await triggersAndPollers.runPollFunction(workflow, workflowNode, context);
				if (response !== null) {
					context.__emit(response);
				} else {
					await commitStagedCursor(context);
				}
			});
		} catch (error) {
			context.__emitError(error as Error);
		}
		lastSnapshot = staged?.snapshot;
		if (emittedError) {
			stats.errors++;
			throw emittedError;
		}
		return emitted;
	};

	return {
		poll,
		get staticData() {
			return (getPersisted()[bucket] as IDataObject | undefined) ?? {};
		},
		get lastStaticData() {
			if (lastSnapshot) return deepCopy(lastSnapshot);
			if (!last) return (getPersisted()[bucket] as IDataObject | undefined) ?? {};
			return deepCopy(last.getStaticData('node', last.getNode(node.name)!));
		},
		node,
		stats,
		credentialStore: credentialsHelper.store,
	};
}
