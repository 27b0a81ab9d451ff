import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** What a reader of the PDF gets: the text of every page (as PDF.js extracts it) and the embedded fonts' names. */
export async function pdfContents(bytes: Buffer): Promise<{ text: string; fonts: string[] }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  await document.destroy();
  // Font names are stored as /BaseFont /ABCDEF+NotoSerifSC-Regular in the file.
  const fonts = Array.from(new Set(Array.from(bytes.toString('latin1').matchAll(/\/BaseFont\s*\/(?:[A-Z]{6}\+)?([\w-]+)/g), (m) => m[1] ?? '')));
  return { text: pages.join('\n'), fonts };
}
