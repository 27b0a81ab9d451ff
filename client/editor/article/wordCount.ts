const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af]/g;

/** Words as a reader counts them: each CJK character is one, other text splits on spaces. */
export function countWords(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, ' ').trim();
  return cjk + (rest === '' ? 0 : rest.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length);
}
