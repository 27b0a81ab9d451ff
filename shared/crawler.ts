const CRAWLER_PATTERN =
  /bot\b|crawl|spider|slurp|facebookexternalhit|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|telegrambot|discordbot|slackbot|twitterbot|linkedinbot|bingpreview|baiduspider|sogou|yandex|bytespider|petalbot|headlesschrome|lighthouse/i;

/** Crawlers and link previewers get the complete page in one piece instead of a stream. */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return !!userAgent && CRAWLER_PATTERN.test(userAgent);
}
