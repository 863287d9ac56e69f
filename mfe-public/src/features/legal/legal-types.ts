interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalDocument {
  /** ISO date of the last change. */
  updated: string;
  intro: string[];
  sections: LegalSection[];
}

export interface PrivacyTables {
  /** First layer: item and a one-line summary. */
  basic: Array<{ item: string; summary: string }>;
  /** Second layer: controller, purpose, legitimation, recipients, rights. */
  detailed: Array<{ item: string; details: string[] }>;
}

export interface Publisher {
  name: string;
  taxId: string;
  address: string;
  email: string;
}
