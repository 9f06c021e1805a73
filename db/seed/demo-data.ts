/**
 * Data for `npm run demo` only (scripts/demo.ts): a French studio with French and American
 * clients. Never loaded by seedDatabase. Dates are relative to the day the demo runs, so
 * COMPLETED sessions are in the past and PENDING or VALIDATED ones ahead.
 */
import { type DiscountType, type ItemType } from '../../domain/invoicing/item-types';
import { type InvoiceStatus } from '../../domain/invoicing/statuses';
import { type QuoteStatus } from '../../domain/invoicing/statuses';
import { type UserLocale } from '../../domain/accounts/users';
import { type SessionStatus } from '../../domain/sessions/session-status';

export const DEMO_EMAIL = 'demo@studio.local';
export const DEMO_PASSWORD = 'demo-studio-2026';
export const DEMO_TENANT_SLUG = 'demo';

export interface DemoContact {
  key: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  street: string;
  city: string;
  zipcode: string;
  country: string;
  contact_type: 'client' | 'prospect';
  notes?: string;
  /** The language the contact reads; absent follows the studio's (French). */
  locale?: 'en-US';
}

export const DEMO_CONTACTS: readonly DemoContact[] = [
  {
    key: 'elodie',
    first_name: 'Élodie',
    last_name: 'Marchand',
    email: 'elodie.marchand@example.fr',
    phone_number: '+33 6 12 34 56 78',
    street: '14 rue des Écoles',
    city: 'Paris',
    zipcode: '75005',
    country: 'FR',
    contact_type: 'client',
    notes: 'Mariage au château, très attachée aux photos de famille.',
  },
  {
    key: 'thomas',
    first_name: 'Thomas',
    last_name: 'Girard',
    email: 'thomas.girard@example.fr',
    phone_number: '+33 6 98 76 54 32',
    street: '14 rue des Écoles',
    city: 'Paris',
    zipcode: '75005',
    country: 'FR',
    contact_type: 'client',
  },
  {
    key: 'francois',
    first_name: 'François',
    last_name: 'Lefèvre',
    email: 'francois.lefevre@example.fr',
    phone_number: '+33 6 45 12 78 90',
    street: '3 place du Tertre',
    city: 'Paris',
    zipcode: '75018',
    country: 'FR',
    contact_type: 'client',
  },
  {
    key: 'chloe',
    first_name: 'Chloé',
    last_name: 'Dubois',
    email: 'chloe.dubois@example.fr',
    phone_number: '+33 7 61 23 45 67',
    street: '27 quai Saint-Antoine',
    city: 'Lyon',
    zipcode: '69002',
    country: 'FR',
    contact_type: 'client',
  },
  {
    key: 'anais',
    first_name: 'Anaïs',
    last_name: 'Rousseau',
    email: 'anais.rousseau@example.fr',
    phone_number: '+33 6 33 44 55 66',
    street: '8 cours Mirabeau',
    city: 'Aix-en-Provence',
    zipcode: '13100',
    country: 'FR',
    contact_type: 'prospect',
    notes: 'Mariage en septembre, attend le devis avec second photographe.',
  },
  {
    key: 'mael',
    first_name: 'Maël',
    last_name: 'Perrin',
    email: 'mael.perrin@example.fr',
    phone_number: '+33 6 77 88 99 00',
    street: '8 cours Mirabeau',
    city: 'Aix-en-Provence',
    zipcode: '13100',
    country: 'FR',
    contact_type: 'prospect',
  },
  {
    key: 'jerome',
    first_name: 'Jérôme',
    last_name: 'Garnier',
    email: 'j.garnier@atelier-garnier.example.fr',
    phone_number: '+33 5 56 12 34 56',
    street: '45 quai des Chartrons',
    city: 'Bordeaux',
    zipcode: '33000',
    country: 'FR',
    contact_type: 'client',
    notes: 'Atelier Garnier – portraits d’équipe et locaux.',
  },
  {
    key: 'noemie',
    first_name: 'Noémie',
    last_name: 'Faure',
    email: 'noemie.faure@example.fr',
    phone_number: '+33 6 21 43 65 87',
    street: '19 rue de la Roquette',
    city: 'Paris',
    zipcode: '75011',
    country: 'FR',
    contact_type: 'prospect',
  },
  {
    key: 'helene',
    first_name: 'Hélène',
    last_name: 'Bonnet',
    email: 'helene.bonnet@example.fr',
    phone_number: '+33 4 50 11 22 33',
    street: '2 quai de la Tournette',
    city: 'Annecy',
    zipcode: '74000',
    country: 'FR',
    contact_type: 'prospect',
  },
  {
    key: 'emily',
    first_name: 'Emily',
    last_name: 'Carter',
    email: 'emily.carter@example.com',
    phone_number: '+1 212 555 0142',
    street: '221 W 79th St',
    city: 'New York',
    zipcode: '10024',
    country: 'US',
    contact_type: 'client',
    locale: 'en-US',
  },
  {
    key: 'james',
    first_name: 'James',
    last_name: "O'Connor",
    email: 'james.oconnor@example.com',
    phone_number: '+1 212 555 0178',
    street: '221 W 79th St',
    city: 'New York',
    zipcode: '10024',
    country: 'US',
    contact_type: 'client',
    locale: 'en-US',
  },
  {
    key: 'olivia',
    first_name: 'Olivia',
    last_name: 'Bennett',
    email: 'olivia.bennett@example.com',
    phone_number: '+1 718 555 0117',
    street: '88 Berry St',
    city: 'Brooklyn',
    zipcode: '11249',
    country: 'US',
    contact_type: 'prospect',
    locale: 'en-US',
  },
  {
    key: 'michael',
    first_name: 'Michael',
    last_name: 'Thompson',
    email: 'm.thompson@thompsonco.example.com',
    phone_number: '+1 646 555 0193',
    street: '350 Fifth Avenue',
    city: 'New York',
    zipcode: '10118',
    country: 'US',
    contact_type: 'client',
    notes: 'Thompson & Co – yearly team headshots.',
    locale: 'en-US',
  },
];

export interface DemoSession {
  key: string;
  title: string;
  contactKey: string;
  /** Further contacts (session_contacts) with their role. */
  others?: { contactKey: string; role: string }[];
  status: SessionStatus;
  /** Start, in days from today, and UTC hour. */
  startInDays: number;
  startHourUtc: number;
  durationMinutes: number;
  location: string;
  sessionTypeKey: string;
  /** The user's copy of this base template (business key and locale) is attached. */
  infoTemplate?: { businessKey: string; locale: UserLocale };
  /** Answers already given through the client portal. */
  responses?: Record<string, string | number>;
  notes?: string;
}

export const DEMO_SESSIONS: readonly DemoSession[] = [
  {
    key: 'wedding-elodie',
    title: 'Mariage Élodie & Thomas',
    contactKey: 'elodie',
    others: [{ contactKey: 'thomas', role: 'conjoint' }],
    status: 'VALIDATED',
    startInDays: 120,
    startHourUtc: 12,
    durationMinutes: 660,
    location: 'Château de Vaux-le-Vicomte, 77950 Maincy',
    sessionTypeKey: 'wedding',
    infoTemplate: { businessKey: 'wedding', locale: 'fr-FR' },
    responses: {
      couple_names: 'Élodie & Thomas',
      ceremony_type: 'Laïque',
      ceremony_location: 'Château de Vaux-le-Vicomte, 77950 Maincy',
      guest_count: 120,
      key_moments: 'Entrée de la mariée, discours des témoins, première danse.',
    },
    notes: 'Cérémonie laïque dans les jardins à 15 h, vin d’honneur sur la terrasse.',
  },
  {
    key: 'portrait-francois',
    title: 'Portrait studio – François Lefèvre',
    contactKey: 'francois',
    status: 'COMPLETED',
    startInDays: -40,
    startHourUtc: 9,
    durationMinutes: 90,
    location: 'Studio Montmartre, 12 rue Lepic, 75018 Paris',
    sessionTypeKey: 'portrait',
    infoTemplate: { businessKey: 'portrait', locale: 'fr-FR' },
  },
  {
    key: 'family-dubois',
    title: 'Séance famille Dubois',
    contactKey: 'chloe',
    status: 'COMPLETED',
    startInDays: -55,
    startHourUtc: 14,
    durationMinutes: 120,
    location: 'Parc de la Tête d’Or, 69006 Lyon',
    sessionTypeKey: 'family',
    notes: 'Deux enfants (4 et 7 ans), prévoir des bulles de savon.',
  },
  {
    key: 'corporate-garnier',
    title: 'Portraits d’équipe – Atelier Garnier',
    contactKey: 'jerome',
    status: 'VALIDATED',
    startInDays: 18,
    startHourUtc: 8,
    durationMinutes: 240,
    location: 'Atelier Garnier, 45 quai des Chartrons, 33000 Bordeaux',
    sessionTypeKey: 'corporate',
    infoTemplate: { businessKey: 'corporate', locale: 'fr-FR' },
  },
  {
    key: 'wedding-anais',
    title: 'Mariage Anaïs & Maël',
    contactKey: 'anais',
    others: [{ contactKey: 'mael', role: 'conjoint' }],
    status: 'PENDING',
    startInDays: 290,
    startHourUtc: 13,
    durationMinutes: 600,
    location: 'Domaine des Oliviers, 13100 Aix-en-Provence',
    sessionTypeKey: 'wedding',
    infoTemplate: { businessKey: 'wedding', locale: 'fr-FR' },
  },
  {
    key: 'maternity-noemie',
    title: 'Séance grossesse – Noémie Faure',
    contactKey: 'noemie',
    status: 'CANCELLED',
    startInDays: 9,
    startHourUtc: 10,
    durationMinutes: 90,
    location: 'Studio Montmartre, 12 rue Lepic, 75018 Paris',
    sessionTypeKey: 'portrait',
    notes: 'Annulée par la cliente, à reprogrammer au printemps.',
  },
  {
    key: 'engagement-emily',
    title: 'Engagement shoot – Emily & James',
    contactKey: 'emily',
    others: [{ contactKey: 'james', role: 'fiancé' }],
    status: 'VALIDATED',
    startInDays: 75,
    startHourUtc: 21,
    durationMinutes: 120,
    location: 'Bow Bridge, Central Park, New York',
    sessionTypeKey: 'portrait',
    infoTemplate: { businessKey: 'portrait', locale: 'en-US' },
    responses: { subject_names: 'Emily Carter & James O’Connor', portrait_style: 'Outdoors', outfit_count: 2 },
  },
  {
    key: 'wedding-olivia',
    title: 'Wedding – Olivia Bennett',
    contactKey: 'olivia',
    status: 'PENDING',
    startInDays: 320,
    startHourUtc: 19,
    durationMinutes: 600,
    location: 'The Foundry, 42-38 9th St, Long Island City, NY',
    sessionTypeKey: 'wedding',
    infoTemplate: { businessKey: 'wedding', locale: 'en-US' },
  },
  {
    key: 'corporate-thompson',
    title: 'Corporate headshots – Thompson & Co',
    contactKey: 'michael',
    status: 'COMPLETED',
    startInDays: -25,
    startHourUtc: 15,
    durationMinutes: 240,
    location: '350 Fifth Avenue, 21st floor, New York',
    sessionTypeKey: 'corporate',
    infoTemplate: { businessKey: 'corporate', locale: 'en-US' },
  },
  {
    key: 'portrait-helene',
    title: 'Portrait au bord du lac – Hélène Bonnet',
    contactKey: 'helene',
    status: 'PENDING',
    startInDays: 35,
    startHourUtc: 15,
    durationMinutes: 90,
    location: 'Quai de la Tournette, 74000 Annecy',
    sessionTypeKey: 'portrait',
  },
];

/** One quote or invoice line as the demo describes it; amounts in integer cents with tax. */
export interface DemoItem {
  type: ItemType;
  description: string;
  /** Hundredths: 100 is a quantity of 1. */
  quantityHundredths?: number;
  /** The unit price with tax (what the client pays): the line is priced with tax. */
  unitPriceCents?: number;
  /** Basis points: 2000 is 20.00 %. */
  vatBasisPoints?: number;
  discountBasisPoints?: number;
  /** A DISCOUNT line: a fixed amount off, with tax. */
  discount?: { type: DiscountType; amountCents: number };
  sessionTypeKey?: string;
}

export interface DemoQuote {
  key: string;
  sessionKey: string;
  title: string;
  description?: string;
  status: QuoteStatus;
  validForDays: number;
  items: DemoItem[];
}

export interface DemoInvoice {
  key: string;
  sessionKey: string;
  quoteKey?: string;
  title: string;
  description?: string;
  /** ISSUED invoices are issued (numbered) when the demo runs; a paid one is then paid. */
  status: Extract<InvoiceStatus, 'DRAFT' | 'ISSUED'>;
  /** Due date in days from today (negative: past). */
  dueInDays: number;
  /** For PAID: paid through this provider's event when the demo runs (paid_at is then). */
  paid?: { provider: 'card' | 'wallet' };
  /** A part paid by bank transfer, recorded by the studio in the ledger when the demo runs. */
  transfer?: { amountCents: number; reference: string };
  /** A credit note (avoir) for part of the issued invoice, by amount with tax. */
  creditNote?: { amountCents: number; reason: string };
  items: DemoItem[];
}

const VAT = 2000;

export const DEMO_QUOTES: readonly DemoQuote[] = [
  {
    key: 'q-elodie',
    sessionKey: 'wedding-elodie',
    title: 'Devis – Mariage Élodie & Thomas',
    status: 'ACCEPTED',
    validForDays: -60,
    description: 'Reportage complet des préparatifs à la soirée, album inclus.',
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Reportage mariage – journée complète',
        unitPriceCents: 180000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'wedding',
      },
      { type: 'SESSION_TYPE', description: 'Album 30×30 cm, 40 pages', unitPriceCents: 45000, vatBasisPoints: VAT },
      {
        type: 'DISCOUNT',
        description: 'Remise réservation anticipée',
        discount: { type: 'FIXED_WITH_TAX', amountCents: 15000 },
      },
      { type: 'TEXT', description: 'Galerie en ligne privée pendant 12 mois incluse.' },
    ],
  },
  {
    key: 'q-anais',
    sessionKey: 'wedding-anais',
    title: 'Devis – Mariage Anaïs & Maël',
    status: 'SENT',
    validForDays: 30,
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Reportage mariage – journée complète',
        unitPriceCents: 180000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'wedding',
      },
      { type: 'SESSION_TYPE', description: 'Second photographe (6 h)', unitPriceCents: 40000, vatBasisPoints: VAT },
    ],
  },
  {
    key: 'q-garnier',
    sessionKey: 'corporate-garnier',
    title: 'Devis – Portraits d’équipe Atelier Garnier',
    status: 'ACCEPTED',
    validForDays: 15,
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Demi-journée de prise de vue sur site',
        unitPriceCents: 90000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'corporate',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Portrait retouché',
        quantityHundredths: 1200,
        unitPriceCents: 3500,
        vatBasisPoints: VAT,
        discountBasisPoints: 1000,
      },
    ],
  },
  {
    key: 'q-olivia',
    sessionKey: 'wedding-olivia',
    title: 'Quote – Olivia Bennett wedding',
    status: 'PENDING',
    validForDays: 45,
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Full-day wedding coverage',
        unitPriceCents: 240000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'wedding',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Travel and accommodation (Paris – New York)',
        unitPriceCents: 90000,
        vatBasisPoints: VAT,
      },
    ],
  },
  {
    key: 'q-helene',
    sessionKey: 'portrait-helene',
    title: 'Devis – Portrait Hélène Bonnet',
    status: 'REJECTED',
    validForDays: 10,
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Séance portrait en extérieur (1 h 30)',
        unitPriceCents: 25000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'portrait',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Tirage d’art 30×40 cm',
        quantityHundredths: 300,
        unitPriceCents: 4500,
        vatBasisPoints: VAT,
      },
    ],
  },
];

export const DEMO_INVOICES: readonly DemoInvoice[] = [
  {
    key: 'i-francois',
    sessionKey: 'portrait-francois',
    title: 'Facture – Portrait François Lefèvre',
    status: 'ISSUED',
    dueInDays: -10,
    paid: { provider: 'card' },
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Séance portrait en studio (1 h 30)',
        unitPriceCents: 25000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'portrait',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Tirage 20×30 cm',
        quantityHundredths: 500,
        unitPriceCents: 1500,
        vatBasisPoints: VAT,
      },
    ],
  },
  {
    key: 'i-dubois',
    sessionKey: 'family-dubois',
    title: 'Facture – Séance famille Dubois',
    status: 'ISSUED',
    dueInDays: -12,
    transfer: { amountCents: 15000, reference: 'VIR DUBOIS ACOMPTE' },
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Séance famille en extérieur (2 h)',
        unitPriceCents: 35000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'family',
      },
    ],
  },
  {
    key: 'i-elodie-deposit',
    sessionKey: 'wedding-elodie',
    quoteKey: 'q-elodie',
    title: 'Facture d’acompte (30 %) – Mariage Élodie & Thomas',
    status: 'ISSUED',
    dueInDays: -45,
    paid: { provider: 'wallet' },
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Acompte de 30 % sur le devis accepté',
        unitPriceCents: 63000,
        vatBasisPoints: VAT,
      },
    ],
  },
  {
    key: 'i-thompson',
    sessionKey: 'corporate-thompson',
    title: 'Invoice – Thompson & Co headshots',
    status: 'ISSUED',
    dueInDays: 20,
    creditNote: { amountCents: 4200, reason: 'One retouched headshot not delivered' },
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Half-day on-site shoot',
        unitPriceCents: 90000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'corporate',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Retouched headshot',
        quantityHundredths: 800,
        unitPriceCents: 3500,
        vatBasisPoints: VAT,
      },
    ],
  },
  {
    key: 'i-garnier',
    sessionKey: 'corporate-garnier',
    quoteKey: 'q-garnier',
    title: 'Facture – Portraits d’équipe Atelier Garnier',
    status: 'DRAFT',
    dueInDays: 48,
    items: [
      {
        type: 'SESSION_TYPE',
        description: 'Demi-journée de prise de vue sur site',
        unitPriceCents: 90000,
        vatBasisPoints: VAT,
        sessionTypeKey: 'corporate',
      },
      {
        type: 'SESSION_TYPE',
        description: 'Portrait retouché',
        quantityHundredths: 1200,
        unitPriceCents: 3500,
        vatBasisPoints: VAT,
        discountBasisPoints: 1000,
      },
    ],
  },
];
