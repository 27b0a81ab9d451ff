import { SCRIPT_COOKIE, writtenScript, type ReadingScript } from '../../shared/readingScript';
import { setCookie } from '../cookies';
import { useStores } from '../stores/context';

const YEAR_SECONDS = 365 * 24 * 3600;

interface ScriptToggleProps {
  /** The article's language, as written. */
  language: string;
  /** The script the server converted it into for this reader, if any. */
  script: ReadingScript | null | undefined;
  /** Reads the article again (the server converts it as the new cookie says). */
  reload: () => Promise<void>;
}

/**
 * A Chinese article's script (decision 038): a note when it was converted, and the button that
 * reads it in the other script, or back as written. The choice is the `zine_script` cookie, kept
 * a year; the article is read again in place. Nothing for an article in any other language.
 */
export function ScriptToggle({ language, script, reload }: ScriptToggleProps) {
  const { env, ui } = useStores();
  const written = writtenScript(language);
  if (!written) return null;
  // Converted: back to as written (the cookie goes); as written: into the other script.
  const target = script ? written : written === 'hans' ? 'hant' : 'hans';
  const choose = () => {
    setCookie(SCRIPT_COOKIE, script ? '' : target, { maxAgeSeconds: script ? 0 : YEAR_SECONDS });
    reload().catch(() => ui.failProgress());
  };
  return (
    <p className="article__script">
      {script ? <span className="article__converted">{env.t(`article.converted.${written}`)}</span> : null}
      <button type="button" className="button button--small" onClick={choose}>
        {env.t(`article.script.${target}`)}
      </button>
    </p>
  );
}
