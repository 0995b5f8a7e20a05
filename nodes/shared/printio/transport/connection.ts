import type {
	ICredentialDataDecryptedObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import { PRINTIO_ENVIRONMENT_URLS } from '../../../../credentials/PrintioApi.credentials';

export type PrintioContext = IExecuteFunctions | ILoadOptionsFunctions | IPollFunctions;

export const CREDENTIAL_NAME = 'printioApi';

/** What every request of one node run needs from the credential, read (and decrypted) once. */
export interface Connection {
	baseUrl: string;
	/** The credential's retailer: the default of every operation. */
	retailerId: number;
	/** Handed to n8n's request helper, so that a request does not decrypt the credential again. */
	credentials: ICredentialDataDecryptedObject;
}

/**
 * Reads the credential. The action node calls this once per run in its router; the trigger on every poll, as
 * n8n keeps one poll context for a whole activation and an edited credential must reach the next poll.
 */
export async function readConnection(context: PrintioContext): Promise<Connection> {
	const credentials = await context.getCredentials(CREDENTIAL_NAME);
	return {
		baseUrl: baseUrlOf(credentials),
		retailerId: Number(credentials.retailerId),
		credentials,
	};
}

function baseUrlOf(credentials: ICredentialDataDecryptedObject): string {
	const environment = credentials.environment as keyof typeof PRINTIO_ENVIRONMENT_URLS | 'custom';
	const url =
		environment === 'custom'
			? String(credentials.baseUrl ?? '').trim()
			: (PRINTIO_ENVIRONMENT_URLS[environment] ?? String(credentials.baseUrl ?? '').trim());
	return url.replace(/\/+$/, '');
}
