import { type Sequelize } from 'sequelize-typescript';
import { localeDistance } from '../../domain/accounts/locale-language';
import { type SessionPerson } from '../../domain/sessions/session-people';
import { listSessionContacts } from './session-contacts';
import { Op } from 'sequelize';
import { Contact } from '../models/Contact';
import { Session } from '../models/Session';
import { SessionContact } from '../models/SessionContact';
import { SessionAutomationTaskRun } from '../models/SessionAutomationTaskRun';
import { SmsTemplate } from '../models/SmsTemplate';
import { Organization } from '../models/Organization';
import { AutomationTask } from '../models/AutomationTask';
import { AutomationTaskAction } from '../models/AutomationTaskAction';

/** What running one task needs: the run, its task with actions (display order), the session and its owner. */
export interface TaskRunContext {
  run: SessionAutomationTaskRun;
  task: AutomationTask & { actions: AutomationTaskAction[] };
  session: Session;
  owner: Organization;
}

export async function loadTaskRunContext(_sequelize: Sequelize, taskRunId: string): Promise<TaskRunContext | null> {
  const run = await SessionAutomationTaskRun.findByPk(taskRunId, {
    include: [
      { model: AutomationTask, include: [AutomationTaskAction] },
      { model: Session, include: [{ model: Organization, as: 'owner' }] },
    ],
    order: [['workflow_task', 'actions', 'display_order', 'ASC']],
  });
  if (!run?.workflow_task || !run.session?.owner) return null;
  return { run, task: run.workflow_task as TaskRunContext['task'], session: run.session, owner: run.session.owner };
}

/**
 * Who a session's messages go to (spec: the session's contact, else the first session contact
 * with one): the first contact, in that order, with a value in `field`. Only the owner's contacts.
 */
export async function sessionRecipient(
  _sequelize: Sequelize,
  session: Session,
  field: 'phone_number' | 'email',
): Promise<Contact | null> {
  const own = { owner_id: session.owner_id, [field]: { [Op.and]: [{ [Op.ne]: null }, { [Op.ne]: '' }] } };
  if (session.contact_id) {
    const main = await Contact.findOne({ where: { id: session.contact_id, ...own } });
    if (main) return main;
  }
  const link = await SessionContact.findOne({
    where: { session_id: session.id },
    include: [{ model: Contact, where: own, required: true }],
    order: [
      ['created_at', 'ASC'],
      ['contact_id', 'ASC'],
    ],
  });
  return link?.contact ?? null;
}

/** Everyone of the session, the main contact first, then the session contacts in the order added (the owner's only). */
export async function sessionPeople(sequelize: Sequelize, session: Session): Promise<SessionPerson[]> {
  const main = session.contact_id
    ? await Contact.findOne({ where: { id: session.contact_id, owner_id: session.owner_id } })
    : null;
  const attached = await listSessionContacts(sequelize, session.owner_id, session.id);
  return [
    ...(main ? [{ first_name: main.first_name, last_name: main.last_name, email: main.email, role: null }] : []),
    ...attached.map((c) => ({ first_name: c.first_name, last_name: c.last_name, email: c.email, role: c.role })),
  ];
}

/**
 * The SMS template a task names: by id (the owner's or a system one, active), else by the business
 * key its action config gives (seeded automations: `sms_template_business_key`): the owner's copy in
 * their locale, in their language (en-US for en-GB), in another, then the system one in that order.
 */
export async function findTaskSmsTemplate(
  _sequelize: Sequelize,
  ownerId: string,
  locale: string,
  smsTemplateId: string | null,
  businessKey: unknown,
): Promise<SmsTemplate | null> {
  const visible = { is_active: true, [Op.or]: [{ owner_id: ownerId }, { owner_id: null }] };
  if (smsTemplateId) {
    const chosen = await SmsTemplate.findOne({ where: { id: smsTemplateId, ...visible } });
    if (chosen) return chosen;
  }
  if (typeof businessKey !== 'string' || !businessKey) return null;
  const candidates = await SmsTemplate.findAll({ where: { business_key: businessKey, ...visible } });
  const rank = (t: SmsTemplate) => (t.owner_id ? 0 : 3) + localeDistance(t.locale, locale);
  return candidates.sort((a, b) => rank(a) - rank(b))[0] ?? null;
}
