import type { RequestHandler } from 'express';

/** No body of ours nests deeper than a booklet tree (a few levels); this leaves a wide margin. */
export const MAX_BODY_DEPTH = 32;

/**
 * PostgreSQL refuses text with NUL characters (a 500 if it got there); no field of ours
 * has a use for them. A body, query or path carrying one is a 400 on both engines, and so
 * is a body nested deeper than MAX_BODY_DEPTH (walked without recursion, so no depth can
 * overflow the stack here or in the validation after it).
 */
export function rejectNulCharacters(): RequestHandler {
  return (req, res, next) => {
    const body = scan(req.body);
    const query = scan(req.query);
    if (body === 'too-deep' || query === 'too-deep') {
      res.status(400).json({ detail: `JSON may nest at most ${MAX_BODY_DEPTH} levels deep.` });
      return;
    }
    if (body === 'nul' || query === 'nul' || safeDecode(req.path).includes('\u0000')) {
      res.status(400).json({ detail: 'Text may not contain NUL characters.' });
      return;
    }
    next();
  };
}

type Finding = 'nul' | 'too-deep' | null;

function scan(root: unknown): Finding {
  const stack: Array<[unknown, number]> = [[root, 0]];
  let found: Finding = null;
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [value, depth] = entry;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found = 'nul';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_BODY_DEPTH) return 'too-deep';
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) found = 'nul';
      stack.push([child, depth + 1]);
    }
  }
  return found;
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
