import { type SessionInfoFieldType } from '../../domain/session-info/field-types';
import { type UserLocale } from '../../domain/accounts/users';

export interface SeedInfoField {
  key: string;
  label: string;
  type: SessionInfoFieldType;
  options?: string[];
  required?: boolean;
}

export interface SeedInfoTemplate {
  businessKey: string;
  locale: UserLocale;
  name: string;
  description: string;
  /** business_key of the default session type the template goes with. */
  sessionTypeKey: string;
  fields: SeedInfoField[];
}

/**
 * Base session-info templates: wedding, portrait and corporate, in French and English.
 * The same field keys in both locales, so answers read the same whatever the form's language.
 */
export const BASE_SESSION_INFO_TEMPLATES: readonly SeedInfoTemplate[] = [
  {
    businessKey: 'wedding',
    locale: 'fr-FR',
    name: 'Mariage – informations du jour J',
    description: 'Ce qu’il faut savoir pour photographier votre mariage.',
    sessionTypeKey: 'wedding',
    fields: [
      { key: 'couple_names', label: 'Prénoms des mariés', type: 'TEXT', required: true },
      { key: 'wedding_date', label: 'Date du mariage', type: 'DATE', required: true },
      {
        key: 'ceremony_type',
        label: 'Type de cérémonie',
        type: 'SELECT',
        options: ['Civile', 'Religieuse', 'Laïque'],
        required: true,
      },
      { key: 'ceremony_location', label: 'Adresse de la cérémonie', type: 'TEXT', required: true },
      { key: 'reception_location', label: 'Adresse de la réception', type: 'TEXT' },
      { key: 'guest_count', label: 'Nombre d’invités', type: 'NUMBER' },
      { key: 'key_moments', label: 'Moments à ne pas manquer (discours, première danse…)', type: 'TEXTAREA' },
      { key: 'group_photos', label: 'Photos de groupe souhaitées', type: 'TEXTAREA' },
    ],
  },
  {
    businessKey: 'wedding',
    locale: 'en-US',
    name: 'Wedding – day-of details',
    description: 'What we need to know to photograph your wedding.',
    sessionTypeKey: 'wedding',
    fields: [
      { key: 'couple_names', label: 'Names of the couple', type: 'TEXT', required: true },
      { key: 'wedding_date', label: 'Wedding date', type: 'DATE', required: true },
      {
        key: 'ceremony_type',
        label: 'Ceremony type',
        type: 'SELECT',
        options: ['Civil', 'Religious', 'Officiant-led (non-religious)'],
        required: true,
      },
      { key: 'ceremony_location', label: 'Ceremony address', type: 'TEXT', required: true },
      { key: 'reception_location', label: 'Reception address', type: 'TEXT' },
      { key: 'guest_count', label: 'Number of guests', type: 'NUMBER' },
      { key: 'key_moments', label: 'Moments not to miss (speeches, first dance…)', type: 'TEXTAREA' },
      { key: 'group_photos', label: 'Group photos you would like', type: 'TEXTAREA' },
    ],
  },
  {
    businessKey: 'portrait',
    locale: 'fr-FR',
    name: 'Portrait – préparation de la séance',
    description: 'Vos envies pour une séance portrait réussie.',
    sessionTypeKey: 'portrait',
    fields: [
      { key: 'subject_names', label: 'Personne(s) photographiée(s)', type: 'TEXT', required: true },
      {
        key: 'portrait_style',
        label: 'Style de séance',
        type: 'SELECT',
        options: ['Studio', 'Extérieur', 'À domicile (lifestyle)'],
        required: true,
      },
      {
        key: 'intended_use',
        label: 'Utilisation des photos',
        type: 'SELECT',
        options: ['Personnelle', 'Professionnelle (site, réseaux)', 'Cadeau'],
      },
      { key: 'outfit_count', label: 'Nombre de tenues prévues', type: 'NUMBER' },
      { key: 'inspiration', label: 'Inspirations, envies, choses à éviter', type: 'TEXTAREA' },
    ],
  },
  {
    businessKey: 'portrait',
    locale: 'en-US',
    name: 'Portrait – session preparation',
    description: 'Your wishes for a great portrait session.',
    sessionTypeKey: 'portrait',
    fields: [
      { key: 'subject_names', label: 'Person(s) being photographed', type: 'TEXT', required: true },
      {
        key: 'portrait_style',
        label: 'Session style',
        type: 'SELECT',
        options: ['Studio', 'Outdoors', 'At home (lifestyle)'],
        required: true,
      },
      {
        key: 'intended_use',
        label: 'How the photos will be used',
        type: 'SELECT',
        options: ['Personal', 'Professional (website, social media)', 'Gift'],
      },
      { key: 'outfit_count', label: 'Number of outfits', type: 'NUMBER' },
      { key: 'inspiration', label: 'Inspiration, wishes, things to avoid', type: 'TEXTAREA' },
    ],
  },
  {
    businessKey: 'corporate',
    locale: 'fr-FR',
    name: 'Entreprise – brief de prise de vue',
    description: 'Le brief pour une prise de vue en entreprise.',
    sessionTypeKey: 'corporate',
    fields: [
      { key: 'company_name', label: 'Raison sociale', type: 'TEXT', required: true },
      { key: 'onsite_contact', label: 'Contact sur place (nom et téléphone)', type: 'TEXT', required: true },
      {
        key: 'shoot_type',
        label: 'Type de prise de vue',
        type: 'SELECT',
        options: ['Portraits d’équipe', 'Événement', 'Locaux', 'Produits'],
        required: true,
      },
      { key: 'people_count', label: 'Nombre de personnes à photographier', type: 'NUMBER' },
      {
        key: 'usage_rights',
        label: 'Droits d’utilisation',
        type: 'SELECT',
        options: ['Web et réseaux sociaux', 'Impression', 'Tous supports'],
      },
      { key: 'delivery_deadline', label: 'Date de livraison souhaitée', type: 'DATE' },
      { key: 'purchase_order', label: 'Numéro de bon de commande', type: 'TEXT' },
      { key: 'brand_guidelines', label: 'Charte graphique, consignes de tenue, accès au site', type: 'TEXTAREA' },
    ],
  },
  {
    businessKey: 'corporate',
    locale: 'en-US',
    name: 'Corporate – shoot brief',
    description: 'The brief for a corporate shoot.',
    sessionTypeKey: 'corporate',
    fields: [
      { key: 'company_name', label: 'Company name', type: 'TEXT', required: true },
      { key: 'onsite_contact', label: 'On-site contact (name and phone)', type: 'TEXT', required: true },
      {
        key: 'shoot_type',
        label: 'Type of shoot',
        type: 'SELECT',
        options: ['Team headshots', 'Event', 'Premises', 'Products'],
        required: true,
      },
      { key: 'people_count', label: 'Number of people to photograph', type: 'NUMBER' },
      {
        key: 'usage_rights',
        label: 'Usage rights',
        type: 'SELECT',
        options: ['Web and social media', 'Print', 'All media'],
      },
      { key: 'delivery_deadline', label: 'Requested delivery date', type: 'DATE' },
      { key: 'purchase_order', label: 'Purchase order number', type: 'TEXT' },
      { key: 'brand_guidelines', label: 'Brand guidelines, dress code, site access', type: 'TEXTAREA' },
    ],
  },
];
