import { Session } from '../models/Session';

/**
 * The session a quote's or invoice's payment schedule follows, read with the document wherever a
 * schedule is computed (the studio's reads, the client's, the checkout, the data download): an
 * installment due before or after the session has no date without it (issue 40 §9).
 */
export const scheduleSessionInclude = () => ({ model: Session, as: 'session', attributes: ['id', 'start_date'] });
