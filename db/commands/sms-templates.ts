import { type SmsTemplate } from '../models/SmsTemplate';

export type SmsTemplateProps = Partial<Pick<SmsTemplate, 'name' | 'message' | 'locale' | 'is_active'>>;
