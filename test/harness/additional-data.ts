import './env';

import type { ExecutionLifecycleHooks } from 'n8n-core';
import type { IWorkflowExecuteAdditionalData, IWorkflowSettings } from 'n8n-workflow';
import { UnexpectedError } from 'n8n-workflow';

import type { HarnessCredentialsHelper } from './credentials-helper';

const notAvailable = (what: string) => () => {
	throw new UnexpectedError(`The test harness does not provide ${what}`);
};

/**
 * A plain-object additionalData with what n8n's WorkflowExecuteAdditionalData.getBase
 * (packages/cli/src/workflow-execute-additional-data.ts) provides for a single workflow run. Anything a node
 * under test should not reach (sub-workflows, task runners, AI events) fails loudly instead of answering with a
 * mock value, so a test cannot pass by accident.
 */
export function createAdditionalData(opts: {
	credentialsHelper: HarnessCredentialsHelper;
	hooks?: ExecutionLifecycleHooks;
	executionId?: string;
	workflowId?: string;
	timezone?: string;
}): IWorkflowExecuteAdditionalData {
	const base = 'http://127.0.0.1:5678/';
	const workflowSettings: IWorkflowSettings = opts.timezone ? { timezone: opts.timezone } : {};
	const data: Partial<IWorkflowExecuteAdditionalData> = {
		credentialsHelper: opts.credentialsHelper,
		hooks: opts.hooks,
		executionId: opts.executionId,
		workflowId: opts.workflowId,
		userId: 'harness-user',
		currentNodeExecutionIndex: 0,
		currentNodeParameters: undefined,
		restApiUrl: `${base}rest`,
		instanceBaseUrl: base,
		formBaseUrl: `${base}form`,
		formWaitingBaseUrl: `${base}form-waiting`,
		formTestBaseUrl: `${base}form-test`,
		webhookBaseUrl: `${base}webhook`,
		webhookWaitingBaseUrl: `${base}webhook-waiting`,
		webhookTestBaseUrl: `${base}webhook-test`,
		mcpBaseUrl: `${base}mcp`,
		mcpTestBaseUrl: `${base}mcp-test`,
		variables: {},
		workflowSettings,
		executeWorkflow: notAvailable('sub-workflow execution'),
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: notAvailable('task runners (Code node)'),
	};
	return data as IWorkflowExecuteAdditionalData;
}
