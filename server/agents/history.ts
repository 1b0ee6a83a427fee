// History files in the original's format (agent_history_init_n*.csv): a header `Name,Whisper`,
// then one row per resident, `<Full Name>,"statement; statement; ..."`. Each statement becomes
// a whispered thought (whisper.ts), as the paper seeded its residents' relationships and plans.

export interface HistoryRow {
  name: string;
  statements: string[];
  /** 1-based line of the row in the file, for messages. */
  line: number;
}

export class HistoryFormatError extends Error {
  constructor(
    readonly line: number,
    problem: string,
  ) {
    super(`history file, line ${line}: ${problem}`);
    this.name = "HistoryFormatError";
  }
}

/** Splits CSV text into records of fields (RFC 4180: quotes, doubled quotes, newlines in quotes). */
function parseCsv(text: string): { fields: string[]; line: number }[] {
  const records: { fields: string[]; line: number }[] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let wasQuoted = false;
  let line = 1;
  let recordLine = 1;
  const endField = () => {
    fields.push(wasQuoted ? field : field.trim());
    field = "";
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    if (!(fields.length === 1 && fields[0] === "")) records.push({ fields, line: recordLine });
    fields = [];
  };
  const s = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (c === "\n") line++;
        field += c;
      }
      continue;
    }
    if (c === '"') {
      if (field.trim() !== "")
        throw new HistoryFormatError(
          line,
          `a quote in the middle of a field ("${field.trim()}...")`,
        );
      field = "";
      quoted = true;
      wasQuoted = true;
    } else if (c === ",") endField();
    else if (c === "\n" || c === "\r") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      if (wasQuoted && c.trim() !== "")
        throw new HistoryFormatError(line, `text after a closing quote ("${c}")`);
      field += c;
    }
  }
  if (quoted) throw new HistoryFormatError(recordLine, "a quoted field is never closed");
  endRecord();
  return records;
}

/**
 * Reads a history file. Throws HistoryFormatError naming the line for a missing header, a row
 * without a name and a whisper, an empty name, a row without statements, a name given twice or
 * a broken quote. Unquoted commas belong to the whisper.
 */
export function loadHistory(csvText: string): HistoryRow[] {
  const records = parseCsv(csvText);
  if (records.length === 0)
    throw new HistoryFormatError(1, 'the file is empty (expected the header "Name,Whisper")');
  const header = records[0].fields.map((f) => f.trim().toLowerCase());
  if (header.length !== 2 || header[0] !== "name" || header[1] !== "whisper") {
    throw new HistoryFormatError(
      records[0].line,
      `expected the header "Name,Whisper", found "${records[0].fields.join(",")}"`,
    );
  }
  const rows: HistoryRow[] = [];
  const names = new Set<string>();
  for (const r of records.slice(1)) {
    if (r.fields.length < 2)
      throw new HistoryFormatError(
        r.line,
        `expected a name, a comma and the whisper, found "${r.fields[0]}"`,
      );
    const name = r.fields[0].trim();
    if (!name) throw new HistoryFormatError(r.line, "the name is empty");
    if (names.has(name)) throw new HistoryFormatError(r.line, `"${name}" appears twice`);
    names.add(name);
    // The original's own files leave whispers with commas unquoted ("For planning, you frequent
    // Hobbs Cafe"); its loader silently dropped what came after the comma. Keep it whole.
    const whisper = r.fields.slice(1).join(", ");
    const statements = whisper
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean);
    if (statements.length === 0)
      throw new HistoryFormatError(r.line, `no statements for "${name}"`);
    rows.push({ name, statements, line: r.line });
  }
  return rows;
}
