/** The text of a static page in one language; `{site}` stands for the product's name. */
export interface StaticText {
  /** When the text last changed, ISO date. */
  updated: string;
  lead: string;
  sections: { heading: string; paragraphs: string[] }[];
}
