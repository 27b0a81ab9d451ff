/** One line of a provider's CSV bill as fields: commas, double-quoted fields with "" inside. Pure. */
export function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

/** The lines of a bill's text, without their line ends and without empty ones. */
export function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
}

/** The index of each named column: a header starting with the name (订单金额 is not 应结订单金额). */
export function columnsOf<K extends string>(header: string[], names: Record<K, string>): Record<K, number> {
  const found = {} as Record<K, number>;
  for (const key of Object.keys(names) as K[]) {
    const index = header.findIndex((column) => column.startsWith(names[key]));
    if (index < 0) throw new Error(`the bill has no column ${names[key]}`);
    found[key] = index;
  }
  return found;
}
