import type { StaticText } from './texts/types';

/** A static page's text: the date it last changed, its lead paragraph and its numbered sections. */
export function StaticTextView({ text, site, updatedLabel }: { text: StaticText; site: string; updatedLabel: string }) {
  const fill = (s: string) => s.replaceAll('{site}', site);
  return (
    <article className="static-page__text">
      <p className="static-page__updated">
        <time dateTime={text.updated}>{updatedLabel}</time>
      </p>
      <p className="static-page__lead">{fill(text.lead)}</p>
      {text.sections.map((section) => (
        <section key={section.heading} className="static-page__section">
          <h2>{fill(section.heading)}</h2>
          {section.paragraphs.map((p, i) => (
            <p key={i}>{fill(p)}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
