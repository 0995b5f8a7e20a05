/** GET /users/user: whether a mail address belongs to one of the retailer's users. */
import type { FastifyPluginAsync } from 'fastify';
import { MAIL_ADDRESS_HEADER } from '../../api/schema/endpoints';
import { MAIL_ADDRESS_PATTERN } from '../../api/schema/schemas';
import type { UserQuery } from '../../api/schema/types';
import { MSG_OK, ParamError } from '../errors';
import { USERS } from '../seed';
import { apiRoute, checkRetailer } from './apiRoute';

const MAIL_ADDRESS = new RegExp(MAIL_ADDRESS_PATTERN);

export const userRoutes: FastifyPluginAsync = async (app) => {
	app.route<{ Querystring: UserQuery }>({
		...apiRoute('getUser'),
		handler: async (req, reply) => {
			checkRetailer(req, req.query.retailer_id);
			const raw = req.headers[MAIL_ADDRESS_HEADER.toLowerCase()];
			const mail = (Array.isArray(raw) ? raw[0] : raw)?.trim();
			if (mail === undefined || mail === '')
				throw new ParamError('MailAddress ヘッダーは必須です。');
			if (!MAIL_ADDRESS.test(mail))
				throw new ParamError('MailAddress はメールアドレスの形式で指定してください。');
			const user = USERS.find(
				(u) => u.retailer_id === req.retailer.id && u.mail === mail.toLowerCase(),
			);
			return reply.envelope({
				statusCode: 0,
				body: {
					response: {
						is_user_exists: !!user,
						user_info: user
							? { user_id: user.user_id, team_id: user.team_id, team_name: user.team_name }
							: null,
						status_code: 0,
						message: MSG_OK,
					},
				},
			});
		},
	});
};
