/** Reads a `<script type="application/json">` block the server wrote. */
export function readJsonScript(id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  return text ? JSON.parse(text) : null;
}
