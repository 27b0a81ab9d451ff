const loaded = new Map<string, Promise<boolean>>();

/** Adds a script tag once per URL (allowed by the page's CSP); resolves whether it loaded. */
export function loadScript(url: string): Promise<boolean> {
  let loading = loaded.get(url);
  if (!loading) {
    loading = new Promise((resolve) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve(true);
      script.onerror = () => {
        loaded.delete(url);
        resolve(false);
      };
      document.head.append(script);
    });
    loaded.set(url, loading);
  }
  return loading;
}
