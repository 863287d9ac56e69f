// The engine of the server texts (see ./index.ts): English templates with {placeholders}, matched against a
// text the API produced, rendered again with the Spanish template of the catalogue.
//
// Template syntax:
//   English side: `{name}` matches any text (lazily); `{name:kind}` matches the pattern of PATTERNS[kind]
//   (a number, an identifier…). Literal text must match exactly.
//   Spanish side: `{name}` inserts the captured text as is; `{name:t}` translates it again (a nested server
//   text such as a vessel or a status); `{name:n}` writes a number with a decimal comma; `{name:days}` writes
//   the number and 'día' / 'días'; `{name:cap}` translates and capitalises.
import type { Lang } from './lang';

export type Template = readonly [en: string, es: string];

/** What an English placeholder may match. */
const PATTERNS: Record<string, string> = {
  num: '-?\\d+(?:\\.\\d+)?',
  int: '\\d+',
  id: '[a-z][a-z0-9_]*',
  date: '\\d{4}-\\d{2}-\\d{2}',
  /** A code type as the texts name it ('Booking number' in a list, 'booking number' mid-sentence). */
  ct: '[Cc]ontainer number|[Bb]ooking number|B/L number',
  /** ISO 6346 length as containerTypeText writes it: 20', 40', 45' … or the raw first character. */
  len: "\\d{2}'|[0-9A-Z]",
  /** ISO 6346 kinds as containerTypeText writes them. */
  kind: 'general purpose|reefer|open top|flat rack|tank|bulk|ventilated|named cargo|insulated|container',
};

interface Compiled {
  regex: RegExp;
  names: string[];
  es: string;
}

const PLACEHOLDER = /\{([a-zA-Z]\w*)(?::(\w+))?\}/g;
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile([en, es]: Template): Compiled {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const m of en.matchAll(PLACEHOLDER)) {
    source += escapeRegex(en.slice(last, m.index));
    names.push(m[1]);
    source += `(${m[2] ? (PATTERNS[m[2]] ?? '[\\s\\S]+?') : '[\\s\\S]+?'})`;
    last = m.index + m[0].length;
  }
  source += escapeRegex(en.slice(last));
  return { regex: new RegExp(`^${source}$`), names, es };
}

/** Where the literal start of the template is at least this long, it is found by these first characters. */
const PREFIX = 4;

export class Catalogue {
  private readonly exact = new Map<string, string>();
  private readonly byPrefix = new Map<string, Compiled[]>();
  private readonly wild: Compiled[] = [];

  constructor(templates: readonly Template[]) {
    for (const t of templates) {
      const start = t[0].search(/\{[a-zA-Z]/);
      if (start < 0) {
        this.exact.set(t[0], t[1]);
        continue;
      }
      const compiled = compile(t);
      if (start >= PREFIX) {
        const key = t[0].slice(0, PREFIX);
        const list = this.byPrefix.get(key) ?? [];
        list.push(compiled);
        this.byPrefix.set(key, list);
      } else this.wild.push(compiled);
    }
  }

  /** The text in `lang`; a text the catalogue does not know is returned as it is. */
  translate(text: string, lang: Lang, depth = 0): string {
    if (lang === 'en' || text === '' || depth > 4) return text;
    const exact = this.exact.get(text);
    if (exact !== undefined) return exact;
    const candidates = this.byPrefix.get(text.slice(0, PREFIX));
    const found =
      (candidates && this.render(candidates, text, lang, depth)) ?? this.render(this.wild, text, lang, depth);
    return found ?? text;
  }

  private render(list: Compiled[], text: string, lang: Lang, depth: number): string | undefined {
    for (const c of list) {
      const m = c.regex.exec(text);
      if (!m) continue;
      const values = new Map(c.names.map((name, i) => [name, m[i + 1]]));
      return c.es.replace(PLACEHOLDER, (whole, name: string, kind: string | undefined) => {
        const value = values.get(name);
        if (value === undefined) return whole;
        switch (kind) {
          case 't':
            return this.translate(value, lang, depth + 1);
          case 'cap': {
            const t = this.translate(value, lang, depth + 1);
            return t.charAt(0).toUpperCase() + t.slice(1);
          }
          case 'n':
            return decimalComma(value);
          case 'days':
            return `${decimalComma(value)} ${Number(value) === 1 || Number(value) === -1 ? 'día' : 'días'}`;
          default:
            return value;
        }
      });
    }
    return undefined;
  }
}

/** '1.5' → '1,5' (Spanish number formatting); other text unchanged. */
function decimalComma(value: string): string {
  return /^-?\d+\.\d+$/.test(value) ? value.replace('.', ',') : value;
}
