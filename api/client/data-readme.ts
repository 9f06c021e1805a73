import { clientLocale } from '../../domain/accounts/client-locale';
import { isFrench } from '../../domain/accounts/locale-language';

/** A file the download meant to carry but could not, and why (never a storage key: the client reads it). */
export interface LeftOutFile {
  /** What it is: `invoice F-2026-00001`. */
  what: string;
  reason: 'not_stored' | 'missing' | 'unreadable';
}

/** What the README says: the studio, the date, the files in the archive and those left out. */
export interface ReadmeFacts {
  studio: { name: string; email: string; locale: string };
  contact: { locale: string | null };
  createdAt: Date;
  counts: { sessions: number; quotes: number; invoices: number; creditNotes: number; payments: number; pdfs: number };
  leftOut: LeftOutFile[];
}

const REASONS = {
  en: {
    not_stored: 'its pdf has not been made yet (ask the studio, or download it again later)',
    missing: 'its pdf could not be found in storage (ask the studio for a copy)',
    unreadable: 'its pdf could not be read just now (download the archive again later)',
  },
  fr: {
    not_stored: "son pdf n'a pas encore été produit (demandez-le au studio, ou téléchargez l'archive plus tard)",
    missing: 'son pdf est introuvable dans le stockage (demandez-en une copie au studio)',
    unreadable: "son pdf n'a pas pu être lu pour l'instant (téléchargez l'archive à nouveau plus tard)",
  },
} as const;

/** README.txt of the client's data download, in the client's language (French or English). */
export function clientDataReadme(facts: ReadmeFacts): string {
  const fr = isFrench(clientLocale(facts.contact, facts.studio));
  const when = facts.createdAt
    .toISOString()
    .replace(/\.\d{3}Z$/, ' UTC')
    .replace('T', ' ');
  const { counts } = facts;
  const reasons = fr ? REASONS.fr : REASONS.en;
  const leftOut =
    facts.leftOut.length === 0
      ? [fr ? 'Aucun fichier manquant.' : 'No file is missing.']
      : [
          fr ? 'Fichiers absents de cette archive :' : 'Files left out of this archive:',
          ...facts.leftOut.map((f) => `- ${f.what}: ${reasons[f.reason]}`),
        ];
  const lines = fr
    ? [
        `Vos données chez ${facts.studio.name}`,
        `Archive créée le ${when}.`,
        '',
        `Cette archive contient ce que ${facts.studio.name} conserve à votre sujet dans son logiciel de gestion, à la date ci-dessus :`,
        '- contact.json : vos coordonnées telles que le studio les conserve, ses notes comprises ;',
        `- sessions.json : vos séances (${counts.sessions}), avec les questions de leur questionnaire et les réponses données ;`,
        `- quotes.json : les devis qui vous ont été envoyés (${counts.quotes}), avec leurs lignes ;`,
        `- invoices.json : les factures émises à votre nom (${counts.invoices}), avec leurs lignes et l'acheteur tel qu'imprimé ;`,
        `- credit-notes.json : les avoirs sur ces factures (${counts.creditNotes}) ;`,
        `- payments.json : les paiements et remboursements enregistrés sur ces factures (${counts.payments}) ;`,
        `- pdfs/ : le pdf de chaque facture et avoir tel qu'émis (${counts.pdfs}).`,
        '',
        ...leftOut,
        '',
        'Les 100 séances, devis, factures et avoirs les plus récents et les 200 derniers paiements y figurent, comme dans votre espace client ; pour le reste, ou pour faire corriger ou effacer vos données, écrivez au studio :',
        facts.studio.email,
        "Les factures, avoirs et paiements sont conservés pendant la durée que la loi impose au studio, même après l'effacement de vos autres données.",
        '',
      ]
    : [
        `Your data at ${facts.studio.name}`,
        `Archive made on ${when}.`,
        '',
        `This archive holds what ${facts.studio.name} keeps about you in its studio management service, as of the date above:`,
        '- contact.json: your contact details as the studio keeps them, its notes included;',
        `- sessions.json: your sessions (${counts.sessions}), with their questionnaire's questions and the answers given;`,
        `- quotes.json: the quotes sent to you (${counts.quotes}), with their lines;`,
        `- invoices.json: the invoices issued to you (${counts.invoices}), with their lines and the buyer as printed;`,
        `- credit-notes.json: the credit notes on those invoices (${counts.creditNotes});`,
        `- payments.json: the payments and refunds recorded on those invoices (${counts.payments});`,
        `- pdfs/: the pdf of each invoice and credit note as it was issued (${counts.pdfs}).`,
        '',
        ...leftOut,
        '',
        'The newest 100 sessions, quotes, invoices and credit notes and the last 200 payments are included, as in your client portal; for anything older, or to have your data corrected or erased, write to the studio:',
        facts.studio.email,
        'Invoices, credit notes and payments are kept for as long as the law requires the studio to keep them, even after your other data is erased.',
        '',
      ];
  // CRLF: the file opens as lines in every text editor, Windows' Notepad included.
  return lines.join('\r\n');
}
