/** Characters written only in simplified or only in traditional Chinese, among the most frequent. */
const SIMPLIFIED = /[们这个说为么来会时后国与对过还没经现发问题样书长门东车见开关间话]/gu;
const TRADITIONAL = /[們這個說為麼來會時後國與對過還沒經現發問題樣書長門東車見開關間話]/gu;

/**
 * The language a text is written in (an article, a booklet), for its page's `lang`: Chinese when Han
 * characters outnumber Latin letters (traditional when its telltale characters win), else English.
 */
export function guessLanguage(html: string): 'en' | 'zh-CN' | 'zh-TW' {
  const text = html.replace(/<[^>]*>/g, ' ');
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  if (han === 0 || han * 3 < latin) return 'en';
  const simplified = text.match(SIMPLIFIED)?.length ?? 0;
  const traditional = text.match(TRADITIONAL)?.length ?? 0;
  return traditional > simplified ? 'zh-TW' : 'zh-CN';
}
