/**
 * CSV as operators write it (spreadsheets' "Save as CSV"): comma-separated fields, "quoted,
 * fields" with "" for a quote inside, one record per line (no line breaks inside a field).
 */

/** Splits one CSV line into its fields. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else field += c;
  }
  fields.push(field);
  return fields;
}

/** The lines of a CSV text, without a byte-order mark, whatever the line ends. */
export const csvLines = (content: string): string[] => content.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
