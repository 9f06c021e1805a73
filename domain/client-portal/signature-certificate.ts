import { isFrench } from '../accounts/locale-language';
import { type UserLocale } from '../accounts/users';
import { esc } from '../html-escape';

/** What a signature certificate page states (issue 31 §2): who signed what, when, from where, and the signed file's hash. */
export interface SignatureCertificate {
  locale: UserLocale;
  studioName: string;
  quoteNumber: string;
  quoteTitle: string;
  /** The quote's total as the client read it, formatted in their language and the quote's currency. */
  amount: string;
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  ipAddress: string;
  userAgent: string;
  consentText: string;
  pdfSha256: string;
}

const WORDS = {
  fr: {
    title: 'Certificat de signature électronique',
    intro:
      'Ce certificat accompagne le document signé qui le précède. Il atteste de la signature électronique simple apposée par le client.',
    document: 'Document signé',
    signer: 'Signataire',
    email: 'Adresse e-mail',
    at: 'Date et heure (UTC)',
    from: 'Adresse IP',
    agent: 'Navigateur',
    consent: 'Consentement accepté',
    hash: 'Empreinte SHA-256 du document signé',
    law: 'Signature électronique simple (règlement (UE) n° 910/2014 « eIDAS », art. 3 et 25 ; Code civil, art. 1366 et 1367). L’empreinte permet de vérifier que le document n’a pas été modifié depuis sa signature.',
  },
  en: {
    title: 'Electronic signature certificate',
    intro:
      'This certificate accompanies the signed document before it. It records the simple electronic signature given by the client.',
    document: 'Signed document',
    signer: 'Signed by',
    email: 'Email address',
    at: 'Date and time (UTC)',
    from: 'IP address',
    agent: 'Browser',
    consent: 'Consent given',
    hash: 'SHA-256 fingerprint of the signed document',
    law: 'Simple electronic signature (Regulation (EU) No 910/2014 "eIDAS", art. 3 and 25; in the US the E-SIGN Act, in the UK the Electronic Communications Act 2000). The fingerprint lets anyone check the document has not changed since it was signed.',
  },
} as const;

/** The certificate page as html, printed after the signed pdf in the copy both parties receive. */
export function signatureCertificateHtml(c: SignatureCertificate): string {
  const w = WORDS[isFrench(c.locale) ? 'fr' : 'en'];
  const rows: [string, string][] = [
    [w.document, `${c.quoteNumber} · ${c.quoteTitle} · ${c.amount}`],
    [w.signer, c.signerName],
    [w.email, c.signerEmail],
    [
      w.at,
      c.signedAt
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d{3}Z$/, ' UTC'),
    ],
    [w.from, c.ipAddress],
    [w.agent, c.userAgent],
    [w.consent, c.consentText],
    [w.hash, c.pdfSha256],
  ];
  return `<!doctype html><html lang="${c.locale.slice(0, 2)}"><head><meta charset="utf-8"><style>
body{font-family:'DejaVu Sans',sans-serif;font-size:10pt;color:#1d2330;margin:0}h1{font-size:15pt}
table{width:100%;border-collapse:collapse;margin-top:12px}th{text-align:left;width:32%;vertical-align:top;padding:6px;background:#eef1f6}
td{padding:6px;border-bottom:1px solid #e3e7ee;word-break:break-all}
td.hash{font-family:'DejaVu Sans Mono',monospace;font-size:8pt;word-break:normal;white-space:nowrap}.law{margin-top:16px;font-size:8.5pt;color:#444}
</style></head><body><p><strong>${esc(c.studioName)}</strong></p><h1>${esc(w.title)}</h1><p>${esc(w.intro)}</p>
<table>${rows.map(([k, v]) => `<tr><th>${esc(k)}</th><td${k === w.hash ? ' class="hash"' : ''}>${esc(v)}</td></tr>`).join('')}</table>
<p class="law">${esc(w.law)}</p></body></html>`;
}
